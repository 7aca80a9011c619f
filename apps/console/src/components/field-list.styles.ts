import { makeStyles, tokens } from '@fluentui/react-components';

export const useFieldListStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, 45%) 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  row: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});
