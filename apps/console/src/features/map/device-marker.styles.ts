import { makeStyles, tokens } from '@fluentui/react-components';
import { deviceStatusTokens } from '@/lib/theme/tokens';

// Leaflet draws SVG paths; CSS properties win over the fill/stroke attributes Leaflet sets.
export const useDeviceMarkerStyles = makeStyles({
  on: { fill: deviceStatusTokens.on, stroke: deviceStatusTokens.on, fillOpacity: 0.9 },
  off: { fill: deviceStatusTokens.off, stroke: deviceStatusTokens.off, fillOpacity: 0.9 },
  disconnected: { fill: 'transparent', stroke: deviceStatusTokens.disconnected, fillOpacity: 0 },
  // A dashed ring around a paler fill tells cabinet controllers apart whatever their state colour.
  cabinet: { strokeWidth: '3px', strokeDasharray: '4 3', fillOpacity: 0.55 },
  selected: { stroke: tokens.colorNeutralForeground1, strokeWidth: '3px', strokeDasharray: 'none' },
});
