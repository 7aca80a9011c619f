import { Menu, MenuGroupHeader, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { KeyRegular, PeopleSettingsRegular, SignOutRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useSignedInUser } from '@/lib/auth/user-context';
import { paths } from '@/lib/paths';
import { useUserManagementAccess } from '../auth/use-user-management-access';

/**
 * The user menu's list (user management for those who may manage users, change password, logout)
 * around its trigger. A chunk of its own, loaded when the menu is first opened (see `UserMenu`),
 * which is why it opens as it mounts.
 */
export function UserMenuPopover({ trigger, displayName }: { trigger: ReactElement; displayName: string }) {
  const { t } = useTranslation('common');
  const user = useSignedInUser();
  const { access } = useUserManagementAccess();
  const [, navigate] = useLocation();
  return (
    <Menu defaultOpen>
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroupHeader>{displayName}</MenuGroupHeader>
          {access === 'granted' && (
            <MenuItem icon={<PeopleSettingsRegular />} onClick={() => navigate(paths.users.build())}>
              {t('userMenu.userManagement')}
            </MenuItem>
          )}
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
