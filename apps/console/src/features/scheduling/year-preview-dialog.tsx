import { TimeZoneSchema, type YearPreviewAnswer } from '@farola/protocol';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/error-message';
import { fetchProjectPlace, fetchYearPreview } from './api';
import { YearHeatmap } from './year-heatmap';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(860px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  place: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
});

export interface PreviewTarget {
  kind: 'calendars' | 'groups';
  id: string;
  name: string;
  projectId: string;
}

type PlaceField = 'year' | 'latitude' | 'longitude' | 'timezone';

/** A coordinate to the metre or so: five decimals, no trailing zeros. */
const coordinate = (degrees: number) => String(Number(degrees.toFixed(5)));

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The place and year typed, once they make a query the server takes. */
function placeQuery(place: { year: string; latitude: string; longitude: string; timezone: string }) {
  const [year, latitude, longitude] = [Number(place.year), Number(place.latitude), Number(place.longitude)];
  const valid =
    Number.isInteger(year) &&
    year >= 2000 &&
    year <= 2100 &&
    place.latitude.trim() !== '' &&
    Math.abs(latitude) <= 90 &&
    place.longitude.trim() !== '' &&
    Math.abs(longitude) <= 180 &&
    TimeZoneSchema.safeParse(place.timezone).success;
  return valid ? { year, latitude, longitude, timezone: place.timezone } : null;
}

/** What a year preview says in words: hours lit, mean level, and how many days each flag marks. */
function useSummary(preview: YearPreviewAnswer | undefined): string {
  const { t, i18n } = useTranslation('scheduling');
  if (!preview) return '';
  const count = (flag: string) => preview.days.filter((day) => day.flags.includes(flag as never)).length;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  return t('preview.summary', {
    hours: number.format(preview.burnHours),
    level: preview.meanLevel,
    daylight: count('daylightBurn'),
    dark: count('darkAfterSunset'),
    never: count('neverOff'),
  });
}

/**
 * The year-ahead preview (issue 24): a 365-day × 24-hour heatmap of the light's level at a place,
 * computed by the server with the engine the light points run. The place starts at one of the
 * project's devices and the browser's time zone; the year at the next one.
 */
export function YearPreviewDialog({ target, onClose }: { target: PreviewTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation('scheduling');
  const { t: tErrors } = useTranslation('errors');
  const styles = useStyles();
  // What the user typed; a coordinate not typed yet is the project's device's.
  const [typed, setTyped] = useState<Partial<Record<PlaceField, string>>>({});
  const { data: projectPlace } = useQuery({
    queryKey: ['devices', 'place', target.projectId],
    queryFn: () => fetchProjectPlace(target.projectId),
  });
  const place: Record<PlaceField, string> = {
    year: typed.year ?? String(new Date().getFullYear() + 1),
    latitude: typed.latitude ?? (projectPlace ? coordinate(projectPlace.latitude) : ''),
    longitude: typed.longitude ?? (projectPlace ? coordinate(projectPlace.longitude) : ''),
    timezone: typed.timezone ?? browserTimeZone(),
  };
  const query = placeQuery(place);
  const preview = useQuery({
    queryKey: ['preview', target.kind, target.id, query],
    queryFn: () => fetchYearPreview(target, query!),
    enabled: query !== null,
  });
  const summary = useSummary(preview.data);
  const field = (key: PlaceField, label: string, type: 'number' | 'text' = 'number') => (
    <Field label={label}>
      <Input
        type={type}
        value={place[key]}
        data-testid={`preview-${key}`}
        onChange={(_event, data) => setTyped((current) => ({ ...current, [key]: data.value }))}
      />
    </Field>
  );
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('preview.title', { name: target.name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <div className={styles.place}>
              {field('year', t('preview.year'))}
              {field('latitude', t('preview.latitude'))}
              {field('longitude', t('preview.longitude'))}
              {field('timezone', t('preview.timezone'), 'text')}
            </div>
            {query === null && <p>{t('preview.needPlace')}</p>}
            {preview.isError && (
              <MessageBar intent="error">
                <MessageBarBody>{errorMessage(tErrors, preview.error)}</MessageBarBody>
              </MessageBar>
            )}
            {query !== null && preview.isPending && <Spinner size="small" label={t('preview.loading')} />}
            {preview.data && (
              <YearHeatmap
                preview={preview.data}
                language={i18n.language}
                label={t('preview.label', { name: target.name, year: preview.data.year })}
                summary={summary}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('editor.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
