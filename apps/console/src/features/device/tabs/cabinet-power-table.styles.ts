import { makeStyles } from '@fluentui/react-components';

export const useCabinetPowerTableStyles = makeStyles({
  // A cell's input fits its column rather than its default twenty characters.
  input: { width: '100%', minWidth: 0 },
  native: { minWidth: 0, width: '100%' },
});
