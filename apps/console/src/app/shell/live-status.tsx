import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DeferredTooltip } from '@/components/deferred-tooltip';
import { realtimeStateAtom } from '@/lib/realtime/connection-atoms';
import type { ConnectionState } from '@/lib/realtime/socket';

// Drawn as Fluent's tint badge looks, from the same tokens, without the Badge component: the header
// is on the first screen, whose JavaScript budget has no room for it.
const useStyles = makeStyles({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    height: '20px',
    padding: `0 calc(${tokens.spacingHorizontalXS} + ${tokens.spacingHorizontalXXS})`,
    borderRadius: tokens.borderRadiusCircular,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase200,
    whiteSpace: 'nowrap',
  },
  connected: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    color: tokens.colorPaletteGreenForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteGreenBorder1}`,
  },
  connecting: {
    backgroundColor: tokens.colorPaletteYellowBackground1,
    color: tokens.colorPaletteYellowForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteYellowBorder1}`,
  },
  disconnected: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorPaletteRedForeground1,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder1}`,
  },
});

/** Tells the operator whether live updates are flowing; values on screen may be stale while they are not. */
export function LiveStatus() {
  const { t } = useTranslation('common');
  const styles = useStyles();
  const state: ConnectionState = useAtomValue(realtimeStateAtom);
  return (
    <DeferredTooltip content={t(`live.${state}.hint`)} relationship="description">
      <span data-testid="live-status" data-state={state} className={mergeClasses(styles.root, styles[state])}>
        {t(`live.${state}.label`)}
      </span>
    </DeferredTooltip>
  );
}
