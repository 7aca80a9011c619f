import { makeStyles, tokens } from '@fluentui/react-components';

export const useLuminaireFormStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalL,
  },
});
