import { makeStyles, tokens } from '@fluentui/react-components';

export const useTalqImportDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  hint: { margin: 0 },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  fileInput: { display: 'none' },
  issues: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  path: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  lines: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});
