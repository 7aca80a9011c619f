import { makeStyles, tokens } from '@fluentui/react-components';

export const useSelectAllLineStyles = makeStyles({
  // Empty, the live region stays in the page (so what enters it is announced) but out of the layout.
  region: { ':empty': { position: 'absolute' } },
  body: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: tokens.spacingHorizontalS },
});
