import { makeStyles, tokens } from '@fluentui/react-components';

export const usePanelHeaderStyles = makeStyles({
  root: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalS },
  // Headings keep no browser margin: the name lines up with the profile and Close buttons.
  name: { margin: 0 },
  text: { flexGrow: 1, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});
