import { makeStyles, tokens } from '@fluentui/react-components';

/** The device panel's width over the map; the toolbar keeps clear of it. */
const PANEL_WIDTH = 'min(440px, 100%)';

export const useMapPageStyles = makeStyles({
  root: { position: 'relative', height: '100%', minHeight: '400px', overflow: 'hidden' },
  toolbar: {
    position: 'absolute',
    top: tokens.spacingVerticalM,
    left: '56px',
    right: tokens.spacingHorizontalM,
    zIndex: 1000,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    pointerEvents: 'none',
    '> *': { pointerEvents: 'auto' },
  },
  // With the panel open the tools wrap beside it rather than run under it.
  toolbarBesidePanel: { right: `calc(${PANEL_WIDTH} + ${tokens.spacingHorizontalM})` },
  search: { minWidth: '280px' },
  loading: { position: 'absolute', inset: 0 },
  summary: {
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  selection: {
    position: 'absolute',
    bottom: tokens.spacingVerticalXXL,
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 1000,
  },
  legend: { position: 'absolute', left: tokens.spacingHorizontalM, bottom: tokens.spacingVerticalXXL, zIndex: 1000 },
  panel: {
    position: 'absolute',
    top: 0,
    right: 0,
    bottom: 0,
    width: PANEL_WIDTH,
    zIndex: 1100,
    boxShadow: tokens.shadow28,
    backgroundColor: tokens.colorNeutralBackground1,
    overflowY: 'auto',
  },
});
