import { makeStyles } from '@fluentui/react-components';

export const useGroupEditorStyles = makeStyles({
  surface: { maxWidth: 'min(640px, calc(100vw - 32px))', width: '100%' },
});
