import { makeStyles } from '@fluentui/react-components';

export const useDeviceMapStyles = makeStyles({
  root: {
    position: 'absolute',
    inset: 0,
    // Leaflet's attribution links differ from their text by colour alone (2.55:1): underline them.
    '& .leaflet-control-attribution a': { textDecorationLine: 'underline' },
  },
  map: { height: '100%', width: '100%' },
});
