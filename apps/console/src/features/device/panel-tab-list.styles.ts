import { makeStyles } from '@fluentui/react-components';

export const usePanelTabListStyles = makeStyles({
  // Its width decides how many tabs fit beside the 'More tabs' button (see useOverflowingTabs).
  row: { display: 'flex', alignItems: 'flex-end', minWidth: 0 },
  // Fluent's tab list neither shrinks nor wraps of itself: here it takes the row's width and wraps in it.
  tabs: { flexWrap: 'wrap', flexGrow: 1, flexShrink: 1, flexBasis: 0, minWidth: 0, position: 'relative' },
  // Out of the flow, unseen, unfocusable and unread, but still as wide as its label.
  hidden: { position: 'absolute', top: 0, left: 0, visibility: 'hidden', pointerEvents: 'none' },
});
