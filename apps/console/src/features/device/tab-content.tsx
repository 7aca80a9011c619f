import type { Device } from '@farola/protocol';
import { Spinner } from '@fluentui/react-components';
import { createElement, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { panelTabContent, type PanelTab } from '@/lib/device-panel/panel-tabs';

/** The selected tab's panel, loading its code on first use. */
export function TabContent({ tab, device }: { tab: PanelTab; device: Device }) {
  const { t } = useTranslation('device-detail');
  const Content = panelTabContent(tab);
  return (
    <div role="tabpanel" aria-labelledby={`tab-${tab}`} data-testid={`tabpanel-${tab}`}>
      <Suspense fallback={<Spinner size="small" label={t('tabs.loading')} />}>
        {/* The registry's components are made once, when the tabs are registered, not in this render. */}
        {Content ? createElement(Content, { device }) : null}
      </Suspense>
    </div>
  );
}
