import { mergeClasses } from '@fluentui/react-components';
import { PersonRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useUserMenuStyles } from './user-menu.styles';

/** The user's picture in a circle, or a person icon when there is none or it does not load. */
export function UserPicture({ src }: { src: string }) {
  const styles = useUserMenuStyles();
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <PersonRegular className={mergeClasses(styles.picture, styles.icon)} aria-hidden />;
  return <img src={src} alt="" className={styles.picture} onError={() => setFailed(true)} />;
}
