import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValueFormat } from './format-value';

/** The formatting settings of the current language. */
export function useValueFormat(): ValueFormat {
  const { t, i18n } = useTranslation('device');
  return useMemo(
    () => ({
      language: i18n.language,
      yes: t('value.yes'),
      no: t('value.no'),
      outputOn: t('value.outputOn'),
      outputOff: t('value.outputOff'),
    }),
    [i18n.language, t],
  );
}
