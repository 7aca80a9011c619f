import { Button } from '@fluentui/react-components';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '@/lib/auth/user-context';
import { useUserMenuStyles } from './user-menu.styles';
import { UserPicture } from './user-picture';

// The menu and its positioning are loaded when the user first opens it: the first screen shows
// only the button (build/first-screen-budget.ts lists it as loaded on demand).
const UserMenuPopover = lazy(() => import('./user-menu-popover').then((m) => ({ default: m.UserMenuPopover })));

/** The user's name and avatar, opening change password and logout. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const styles = useUserMenuStyles();
  const user = useSignedInUser();
  const [opened, setOpened] = useState(false);
  const displayName = user.name || user.username;
  const trigger = (
    <Button
      appearance="subtle"
      aria-label={t('userMenu.label', { name: displayName })}
      aria-haspopup="menu"
      aria-expanded={opened ? undefined : false}
      data-testid="user-menu"
      onClick={opened ? undefined : () => setOpened(true)}
      // No initials: the button's visible text must be part of its name (WCAG 2.5.3), and
      // 'DU' + 'Demo User' is not; without a picture a person icon stands in.
      icon={<UserPicture src={user.picture} />}
    >
      <span className={styles.name}>{displayName}</span>
    </Button>
  );
  if (!opened) return trigger;
  return (
    <Suspense fallback={trigger}>
      <UserMenuPopover trigger={trigger} displayName={displayName} />
    </Suspense>
  );
}
