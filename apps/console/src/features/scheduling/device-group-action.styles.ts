import { makeStyles, tokens } from '@fluentui/react-components';

export const useDeviceGroupActionStyles = makeStyles({
  root: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalM },
});
