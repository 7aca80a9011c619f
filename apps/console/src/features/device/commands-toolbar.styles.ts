import { makeStyles, tokens } from '@fluentui/react-components';

export const useCommandsToolbarStyles = makeStyles({
  // The panel is narrow: commands wrap onto a second row rather than overflow it.
  toolbar: { flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, padding: 0 },
});
