import { makeStyles, tokens } from '@fluentui/react-components';

export const useFirmwareDialogStyles = makeStyles({
  // Five commands whose names run long in some languages: they wrap onto more lines, never overlap.
  commands: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    marginBlock: tokens.spacingVerticalM,
  },
});
