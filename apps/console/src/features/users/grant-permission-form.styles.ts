import { makeStyles, tokens } from '@fluentui/react-components';

export const useGrantPermissionFormStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  fields: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  project: { flexGrow: 1, minWidth: '220px' },
  role: { width: '160px' },
  // Lines the button up with the selects under their labels.
  submit: { marginTop: `calc(${tokens.lineHeightBase300} + ${tokens.spacingVerticalXXS})` },
});
