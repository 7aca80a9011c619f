import { Badge } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import { realtimeStateAtom } from '@/lib/realtime/connection-atoms';
import type { ConnectionState } from '@/lib/realtime/socket';

const BADGE_COLOR: Record<ConnectionState, 'success' | 'warning' | 'danger'> = {
  connected: 'success',
  connecting: 'warning',
  disconnected: 'danger',
};

/** Tells the operator whether live updates are flowing; values on screen may be stale while they are not. */
export function LiveStatus() {
  const { t } = useTranslation('common');
  const state = useAtomValue(realtimeStateAtom);
  return (
    <DeferredTooltip content={t(`live.${state}.hint`)} relationship="description">
      <Badge data-testid="live-status" data-state={state} appearance="tint" color={BADGE_COLOR[state]}>
        {t(`live.${state}.label`)}
      </Badge>
    </DeferredTooltip>
  );
}
