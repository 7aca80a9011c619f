import { makeStyles } from '@fluentui/react-components';

export const useDeviceMapStyles = makeStyles({
  root: { position: 'absolute', inset: 0 },
  map: { height: '100%', width: '100%' },
});
