import { makeStyles } from '@fluentui/react-components';

export const useRequestsListStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0 },
});
