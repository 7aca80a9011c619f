import { makeStyles, tokens } from '@fluentui/react-components';

export const useProgramEditorStyles = makeStyles({
  surface: { maxWidth: 'min(920px, calc(100vw - 32px))', width: '100%' },
  row: {
    display: 'grid',
    gridTemplateColumns: 'minmax(120px, 1.2fr) minmax(110px, 1fr) minmax(110px, 1fr) minmax(110px, 1fr) auto',
    alignItems: 'start',
    gap: tokens.spacingHorizontalS,
    width: '100%',
  },
  remove: { marginTop: '22px' },
});
