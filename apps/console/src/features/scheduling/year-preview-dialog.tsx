import { TimeZoneSchema, type YearPreviewAnswer, type YearPreviewQuery } from '@farola/protocol';
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
import { fetchDeviceYearPreview, fetchProjectPlace, fetchYearPreview } from './api';
import { EnergyFigures } from './energy-figures';
import { YearHeatmap } from './year-heatmap';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(860px, calc(100vw - 32px))', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  place: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
});

/** What a preview is of: a calendar or a group at a place the user types, or one light point at its own. */
export type PreviewTarget =
  | { kind: 'calendars' | 'groups'; id: string; name: string; projectId: string }
  | { kind: 'devices'; id: string; name: string; place: Omit<YearPreviewQuery, 'year'> | null };

type PlaceField = 'year' | 'latitude' | 'longitude' | 'timezone';

/** A coordinate to the metre or so: five decimals, no trailing zeros. */
const coordinate = (degrees: number) => String(Number(degrees.toFixed(5)));

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The year typed, once the server takes it. */
function yearOf(typed: string): number | null {
  const year = Number(typed);
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null;
}

/** The place and year typed, once they make a query the server takes. */
function placeQuery(place: Record<PlaceField, string>): YearPreviewQuery | null {
  const [year, latitude, longitude] = [yearOf(place.year), Number(place.latitude), Number(place.longitude)];
  const valid =
    year !== null &&
    place.latitude.trim() !== '' &&
    Math.abs(latitude) <= 90 &&
    place.longitude.trim() !== '' &&
    Math.abs(longitude) <= 180 &&
    TimeZoneSchema.safeParse(place.timezone).success;
  return valid ? { year, latitude, longitude, timezone: place.timezone } : null;
}

/** The request the dialog makes, once what it needs is typed: its cache key and its fetch. */
function previewRequest(target: PreviewTarget, place: Record<PlaceField, string>) {
  if (target.kind === 'devices') {
    const year = yearOf(place.year);
    return year === null ? null : { key: { year }, load: () => fetchDeviceYearPreview(target.id, year) };
  }
  const query = placeQuery(place);
  return query === null ? null : { key: query, load: () => fetchYearPreview(target, query) };
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
 * project's devices and the browser's time zone; the year at the next one. One light point's
 * preview is at its own place; a group's shows the year's energy beside it.
 */
export function YearPreviewDialog({ target, onClose }: { target: PreviewTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation('scheduling');
  const { t: tErrors } = useTranslation('errors');
  const styles = useStyles();
  // What the user typed; a coordinate not typed yet is the project's device's.
  const [typed, setTyped] = useState<Partial<Record<PlaceField, string>>>({});
  const projectId = target.kind === 'devices' ? null : target.projectId;
  const { data: projectPlace } = useQuery({
    queryKey: ['devices', 'place', projectId],
    queryFn: () => fetchProjectPlace(projectId!),
    enabled: projectId !== null,
  });
  const place: Record<PlaceField, string> = {
    year: typed.year ?? String(new Date().getFullYear() + 1),
    latitude: typed.latitude ?? (projectPlace ? coordinate(projectPlace.latitude) : ''),
    longitude: typed.longitude ?? (projectPlace ? coordinate(projectPlace.longitude) : ''),
    timezone: typed.timezone ?? browserTimeZone(),
  };
  const request = previewRequest(target, place);
  const query = target.kind === 'groups' ? placeQuery(place) : null;
  const preview = useQuery({
    queryKey: ['preview', target.kind, target.id, request?.key],
    queryFn: () => request!.load(),
    enabled: request !== null,
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
              {target.kind !== 'devices' && field('latitude', t('preview.latitude'))}
              {target.kind !== 'devices' && field('longitude', t('preview.longitude'))}
              {target.kind !== 'devices' && field('timezone', t('preview.timezone'), 'text')}
            </div>
            {target.kind === 'devices' && target.place && (
              <p data-testid="preview-device-place">
                {t('preview.devicePlace', {
                  latitude: coordinate(target.place.latitude),
                  longitude: coordinate(target.place.longitude),
                  timezone: target.place.timezone,
                })}
              </p>
            )}
            {request === null && target.kind !== 'devices' && <p>{t('preview.needPlace')}</p>}
            {preview.isError && (
              <MessageBar intent="error">
                <MessageBarBody>{errorMessage(tErrors, preview.error)}</MessageBarBody>
              </MessageBar>
            )}
            {request !== null && preview.isPending && <Spinner size="small" label={t('preview.loading')} />}
            {preview.data && (
              <YearHeatmap
                preview={preview.data}
                language={i18n.language}
                label={t('preview.label', { name: target.name, year: preview.data.year })}
                summary={summary}
              />
            )}
            {target.kind === 'groups' && query && (
              <EnergyFigures
                groupId={target.id}
                year={query.year}
                place={{ latitude: query.latitude, longitude: query.longitude, timezone: query.timezone }}
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
