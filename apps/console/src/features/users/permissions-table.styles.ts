import { makeStyles } from '@fluentui/react-components';

export const usePermissionsTableStyles = makeStyles({
  // Fixed widths beside the project's flexible one (DataGrid cells share the row's width otherwise).
  role: { flexGrow: 0, flexBasis: '180px' },
  actions: { flexGrow: 0, flexBasis: '160px' },
});
