import { makeStyles, tokens } from '@fluentui/react-components';

/** The lists of the Scheduling screen: a toolbar (search, 'New …') above a table. */
export const useSchedulingListStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS },
  /** A group's last apply: its progress, and a badge when what the group runs has changed since. */
  sent: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
});
