import { makeStyles, tokens } from '@fluentui/react-components';
import { farolaTokens } from '@/lib/theme/tokens';

export const useCancelButtonStyles = makeStyles({
  root: {
    backgroundColor: farolaTokens.cancel,
    color: farolaTokens.onCancel,
    border: `${tokens.strokeWidthThin} solid transparent`,
    ':hover': { backgroundColor: farolaTokens.cancelHover, color: farolaTokens.onCancel },
    ':hover:active': { backgroundColor: farolaTokens.cancelPressed, color: farolaTokens.onCancel },
  },
});
