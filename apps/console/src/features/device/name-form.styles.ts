import { makeStyles, tokens } from '@fluentui/react-components';

export const useNameFormStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalM,
  },
  field: { flexGrow: 1, maxWidth: '32rem' },
  // The button lines up with the input, below the field's label.
  save: { marginTop: `calc(${tokens.lineHeightBase300} + ${tokens.spacingVerticalXXS})` },
});
