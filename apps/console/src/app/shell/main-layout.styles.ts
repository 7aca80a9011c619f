import { makeStyles, tokens } from '@fluentui/react-components';

export const useMainLayoutStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    height: '100vh',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  // The map fills what the header leaves; other screens scroll inside it.
  content: { flex: 1, minHeight: 0, overflow: 'auto', position: 'relative' },
});
