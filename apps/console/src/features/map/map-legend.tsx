import { Caption1, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useMapLegendStyles } from './map-legend.styles';

const ITEMS = [
  { swatch: 'on', label: 'legend.on' },
  { swatch: 'off', label: 'legend.off' },
  { swatch: 'disconnected', label: 'legend.disconnected' },
  { swatch: 'alarm', label: 'legend.alarm' },
  { swatch: 'notReady', label: 'legend.notReady' },
  { swatch: 'cabinet', label: 'legend.cabinet' },
  { swatch: 'selected', label: 'legend.selected' },
  { swatch: 'cluster', label: 'legend.cluster' },
] as const;

/** Explains how the canvas layer draws devices (draw-fleet.ts): colours, rings and shapes. */
export function MapLegend({ className }: { className: string }) {
  const styles = useMapLegendStyles();
  const { t } = useTranslation('map');
  return (
    <div className={mergeClasses(styles.root, className)} aria-label={t('legend.title')} role="group">
      {ITEMS.map(({ swatch, label }) => (
        <div key={swatch} className={styles.item}>
          <span className={mergeClasses(styles.swatch, styles[swatch])} aria-hidden />
          <Caption1>{t(label)}</Caption1>
        </div>
      ))}
    </div>
  );
}
