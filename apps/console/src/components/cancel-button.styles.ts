import { makeStyles, tokens } from '@fluentui/react-components';
import { farolaTokens } from '@/lib/theme/tokens';

export const useCancelButtonStyles = makeStyles({
  root: {
    backgroundColor: farolaTokens.cancel,
    color: tokens.colorNeutralForegroundInverted,
    border: `${tokens.strokeWidthThin} solid transparent`,
    ':hover': { backgroundColor: farolaTokens.cancelHover, color: tokens.colorNeutralForegroundInverted },
    ':hover:active': { backgroundColor: farolaTokens.cancelPressed, color: tokens.colorNeutralForegroundInverted },
  },
});
