import { makeStyles } from '@fluentui/react-components';

export const usePanelTabListStyles = makeStyles({
  // The overflow container: its width decides how many tabs fit beside the 'More tabs' button.
  row: { display: 'flex', alignItems: 'center', minWidth: 0, overflow: 'hidden' },
});
