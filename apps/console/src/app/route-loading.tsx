import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** Shown while a screen's code (each screen is its own chunk) or what decides access to it is loading. */
export function RouteLoading() {
  const { t } = useTranslation('common');
  return <Spinner data-testid="route-loading" label={t('route.loading')} />;
}
