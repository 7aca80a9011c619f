import {
  Avatar,
  Button,
  Menu,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { KeyRegular, SignOutRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../auth/user-context';

/** The user's name and avatar, opening change password and logout. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const user = useSignedInUser();
  const displayName = user.name || user.username;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          aria-label={t('userMenu.label', { name: displayName })}
          data-testid="user-menu"
          // No initials: the button's visible text must be part of its name (WCAG 2.5.3), and
          // 'DU' + 'Demo User' is not; without a picture the avatar shows a person icon.
          icon={
            <Avatar
              name={displayName}
              initials={null}
              image={user.picture ? { src: user.picture } : null}
              size={28}
              aria-hidden
            />
          }
        >
          {displayName}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroupHeader>{displayName}</MenuGroupHeader>
          <MenuItem icon={<KeyRegular />} onClick={() => user.changePassword()}>
            {t('userMenu.changePassword')}
          </MenuItem>
          <MenuItem icon={<SignOutRegular />} onClick={() => user.logout()}>
            {t('userMenu.logout')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
