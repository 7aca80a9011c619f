import { makeStyles, tokens } from '@fluentui/react-components';

export const useControlProgramsStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  toolbar: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS },
});
