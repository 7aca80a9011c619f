import { makeStyles } from '@fluentui/react-components';

export const usePermissionsTableStyles = makeStyles({
  role: { width: '160px' },
  actions: { width: '140px' },
});
