import { ENERGY_PRICE_PER_KWH_DEFAULT, type GroupEnergyEstimate } from '@farola/protocol';
import { Field, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldList, type FieldRow } from '@/components/field-list';
import { errorMessage } from '@/lib/api/error-message';
import { type EnergyEstimateRequest, fetchEnergyEstimate } from './api';
import { useEnergyFiguresStyles } from './energy-figures.styles';

/** The figures of an estimate in the user's language: kWh a year, cost, savings against fully on, hours lit. */
function useEnergyRows(estimate: GroupEnergyEstimate): FieldRow[] {
  const { t, i18n } = useTranslation('scheduling');
  const format = (digits: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits });
  const [money, percent, hours] = [format(2), format(1), format(0)];
  // A single light's kWh keep a decimal; a street's do not need one.
  const kwh = { format: (value: number) => format(Math.abs(value) < 100 ? 1 : 0).format(value) };
  return [
    {
      key: 'energy',
      testId: 'energy-kwh',
      label: t('energy.energy'),
      value: t('energy.energyValue', { kwh: kwh.format(estimate.energyKWh) }),
    },
    { key: 'cost', testId: 'energy-cost', label: t('energy.cost'), value: money.format(estimate.cost) },
    {
      key: 'savings',
      testId: 'energy-savings',
      label: t('energy.savings'),
      value: t('energy.savingsValue', {
        percent: percent.format(estimate.savedPercent),
        kwh: kwh.format(estimate.savedKWh),
        cost: money.format(estimate.savedCost),
      }),
    },
    {
      key: 'baseline',
      label: t('energy.baseline'),
      value: t('energy.baselineValue', {
        kwh: kwh.format(estimate.baselineKWh),
        hours: hours.format(estimate.nightHours),
      }),
    },
    {
      key: 'burnHours',
      testId: 'energy-burn-hours',
      label: t('energy.burnHours'),
      value: t('energy.burnHoursValue', { hours: hours.format(estimate.burnHours) }),
    },
  ];
}

/**
 * What the year at the group's place shows before anything is sent (spec §5): days lit by day, dark
 * after sunset or never off, polar days, and the starts a daylight-saving change moves.
 */
function ScheduleFindings({ checks }: { checks: GroupEnergyEstimate['checks'] }) {
  const { t, i18n } = useTranslation('scheduling');
  const styles = useEnergyFiguresStyles();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const counted = [
    { key: 'daylightBurn', days: checks.daylightBurnDays },
    { key: 'darkAfterSunset', days: checks.darkAfterSunsetDays },
    { key: 'neverOff', days: checks.neverOffDays },
    { key: 'polar', days: checks.polarDays },
  ] as const;
  const findings = [
    ...counted.filter(({ days }) => days > 0).map(({ key, days }) => ({ key, text: t(`checks.${key}`, { days }) })),
    ...checks.clockShifts.map((shift) => ({
      key: `${shift.date}-${shift.start}`,
      text: t(`checks.${shift.kind}`, { ...shift, date: date.format(new Date(`${shift.date}T00:00:00Z`)) }),
    })),
  ];
  return (
    <div data-testid="schedule-checks">
      <h4 className={styles.subheading}>{t('checks.title')}</h4>
      {findings.length === 0 ? (
        <p className={styles.note}>{t('checks.none')}</p>
      ) : (
        <ul className={styles.findings}>
          {findings.map((finding) => (
            <li key={finding.key}>{finding.text}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function EstimateFigures({ estimate }: { estimate: GroupEnergyEstimate }) {
  const { t, i18n } = useTranslation('scheduling');
  const styles = useEnergyFiguresStyles();
  const rows = useEnergyRows(estimate);
  const watts = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 }).format(estimate.ratedPowerW);
  const counted = estimate.lightPoints - estimate.withoutPower;
  return (
    <>
      <FieldList rows={rows} />
      <p className={styles.note} data-testid="energy-power">
        {t('energy.power', { watts, count: counted })}
        {estimate.withoutPower > 0 && ` ${t('energy.withoutPower', { count: estimate.withoutPower })}`}
      </p>
      {estimate.place.from === 'members' && (
        <p className={styles.note}>{t('energy.membersPlace', { timezone: estimate.place.timezone })}</p>
      )}
      <p className={styles.note}>{t('energy.assumption')}</p>
      <ScheduleFindings checks={estimate.checks} />
    </>
  );
}

/**
 * The what-if of applying a group (issue 24): a year of what it runs in kWh, cost and savings
 * against its lights fully on from dusk to dawn, at a price per kWh the user may change. Without a
 * place, the server takes the one its light points report.
 */
export function EnergyFigures({
  groupId,
  year,
  place,
}: { groupId: string } & Omit<EnergyEstimateRequest, 'pricePerKWh'>) {
  const { t } = useTranslation('scheduling');
  const { t: tErrors } = useTranslation('errors');
  const styles = useEnergyFiguresStyles();
  const headingId = useId();
  const [price, setPrice] = useState(String(ENERGY_PRICE_PER_KWH_DEFAULT));
  const pricePerKWh = Number(price);
  const validPrice = price.trim() !== '' && Number.isFinite(pricePerKWh) && pricePerKWh >= 0 && pricePerKWh <= 1000;
  const estimate = useQuery({
    queryKey: ['energy-estimate', groupId, year, pricePerKWh, place],
    queryFn: () => fetchEnergyEstimate(groupId, { year, pricePerKWh, place }),
    enabled: validPrice,
  });
  return (
    <section className={styles.root} aria-labelledby={headingId} data-testid="energy-estimate">
      <h3 id={headingId} className={styles.heading}>
        {t('energy.title', { year })}
      </h3>
      <Field label={t('energy.price')} className={styles.price}>
        <Input
          type="number"
          min={0}
          step={0.01}
          value={price}
          data-testid="energy-price"
          onChange={(_event, data) => setPrice(data.value)}
        />
      </Field>
      {estimate.isError && (
        <MessageBar intent="warning">
          <MessageBarBody>{errorMessage(tErrors, estimate.error)}</MessageBarBody>
        </MessageBar>
      )}
      {validPrice && estimate.isPending && <Spinner size="tiny" label={t('energy.loading')} />}
      {estimate.data && <EstimateFigures estimate={estimate.data} />}
    </section>
  );
}
