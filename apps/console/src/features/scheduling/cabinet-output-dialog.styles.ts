import { makeStyles, tokens } from '@fluentui/react-components';

export const useCabinetOutputDialogStyles = makeStyles({
  surface: { maxWidth: 'min(560px, calc(100vw - 32px))', width: '100%' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(130px, 1fr) minmax(110px, 1fr) auto',
    alignItems: 'start',
    gap: tokens.spacingHorizontalS,
    width: '100%',
  },
  // Level with the inputs, under their labels.
  remove: { marginTop: '22px' },
  offsets: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(130px, 1fr))',
    gap: tokens.spacingHorizontalS,
    width: '100%',
  },
});
