import { makeStyles, tokens } from '@fluentui/react-components';

export const useBulkDialogStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  unsupported: {
    maxHeight: '180px',
    overflowY: 'auto',
    margin: `${tokens.spacingVerticalS} 0 0`,
    paddingLeft: tokens.spacingHorizontalXL,
  },
});
