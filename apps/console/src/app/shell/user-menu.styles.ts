import { makeStyles, tokens } from '@fluentui/react-components';

export const useUserMenuStyles = makeStyles({
  // A long name is cut short on one line: the header stays one line (the button's label has it whole).
  name: { maxWidth: '16ch', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  // Drawn as Fluent's 28 px neutral avatar looks, from the same tokens, without the Avatar
  // component: the header is on the first screen, and Avatar's styles (every size and colour) weigh
  // more than the rest of the header's controls.
  picture: {
    boxSizing: 'border-box',
    width: '28px',
    height: '28px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusCircular,
    objectFit: 'cover',
  },
  icon: {
    padding: tokens.spacingHorizontalXS,
    fontSize: '20px',
    color: tokens.colorNeutralForeground3,
    backgroundColor: tokens.colorNeutralBackground6,
  },
});
