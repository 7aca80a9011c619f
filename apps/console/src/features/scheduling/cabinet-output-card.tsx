import { type OutputState, OUTPUT_MODE_NAMES } from '@farola/protocol';
import {
  Body1,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldList, type FieldRow } from '@/components/field-list';
import { useCabinetOutputStyles } from './cabinet-output-schedules.styles';

const MODE_KEYS = {
  astro: 'device-detail:outputMode.astro',
  user: 'device-detail:outputMode.user',
  manual: 'device-detail:outputMode.manual',
  maintenance: 'device-detail:outputMode.maintenance',
} as const;

/** An offset in minutes with its sign: '+15', '−10', '0'. */
const signed = (minutes: number) => (minutes > 0 ? `+${minutes}` : minutes < 0 ? `−${-minutes}` : '0');

interface CabinetOutputCardProps {
  output: OutputState;
  /** Formats `manualUntil` as HH:mm. */
  formatTime: (iso: string) => string;
  /** 'Edit schedule' and 'Restore calendar', for those who may command the device. */
  actions: ReactNode;
}

/**
 * One cabinet output on the Scheduling tab: its mode (spec §4, 'Not defined' when it reports none;
 * 'Manual until HH:mm' while a manual switch holds), and the schedule it runs: its fixed rules as a table, or
 * astronomical with its offsets.
 */
export function CabinetOutputCard({ output, formatTime, actions }: CabinetOutputCardProps) {
  const { t, i18n } = useTranslation('scheduling');
  const styles = useCabinetOutputStyles();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const { index, mode, schedule, manualUntil } = output;
  const manual = mode === 2 && manualUntil !== undefined;
  const rows: FieldRow[] = [
    {
      key: 'mode',
      label: t('cabinetOutputs.mode'),
      value: manual
        ? t('cabinetOutputs.manualUntil', { time: formatTime(manualUntil) })
        : t(mode === undefined ? 'device-detail:outputMode.notDefined' : MODE_KEYS[OUTPUT_MODE_NAMES[mode]]),
      testId: `output-mode-${index}`,
    },
    {
      key: 'schedule',
      label: t('cabinetOutputs.schedule'),
      value: !schedule
        ? t('cabinetOutputs.notReported')
        : schedule.kind === 'fixed'
          ? t('cabinetOutputs.fixed')
          : t('cabinetOutputs.astro', {
              sunset: signed(schedule.sunsetOffsetMinutes),
              sunrise: signed(schedule.sunriseOffsetMinutes),
            }),
      testId: `output-schedule-${index}`,
    },
  ];
  const headingId = `cabinet-output-${index}-heading`;
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid={`cabinet-output-${index}`}>
      <Subtitle2 as="h4" id={headingId} className={styles.heading}>
        {t('cabinetOutputs.output', { index })}
      </Subtitle2>
      <FieldList rows={rows} />
      {schedule?.kind === 'fixed' && (
        <Table
          size="extra-small"
          className={styles.rules}
          aria-label={t('cabinetOutputs.rulesOf', { index })}
          data-testid={`output-rules-${index}`}
        >
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('cabinetOutputs.time')}</TableHeaderCell>
              <TableHeaderCell>{t('cabinetOutputs.level')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {schedule.rules.map((rule) => (
              <TableRow key={rule.time}>
                <TableCell>{rule.time}</TableCell>
                <TableCell>
                  <Body1>
                    {rule.dimming === 0
                      ? t('cabinetOutputs.levelOff', { level: percent.format(0) })
                      : percent.format(rule.dimming / 100)}
                  </Body1>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
