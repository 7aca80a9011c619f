import { makeStyles, tokens } from '@fluentui/react-components';

export const useRequestsListStyles = makeStyles({
  heading: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  // All of them: about five rows in view, the rest a scroll away, so the tabs never leave the screen.
  scrolling: {
    maxHeight: '240px',
    overflowY: 'auto',
    paddingRight: tokens.spacingHorizontalXS,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
});
