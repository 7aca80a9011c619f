import { makeStyles, tokens } from '@fluentui/react-components';

export const useDataTableStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});
