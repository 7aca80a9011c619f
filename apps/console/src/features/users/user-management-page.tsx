import type { DirectoryUser } from '@farola/protocol';
import { Body1, Title2 } from '@fluentui/react-components';
import { PersonSearchRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserManagementPageStyles } from './user-management-page.styles';
import { UserPermissionsSection } from './user-permissions-section';
import { UserSearch } from './user-search';

/**
 * User management (spec §2): find a user, see their permissions per project, change or remove a
 * role, and grant one on a project the caller administers. The route lets in only `admin` and
 * project administrators; the server enforces the same.
 */
export function UserManagementPage() {
  const { t } = useTranslation('users');
  const styles = useUserManagementPageStyles();
  const [selected, setSelected] = useState<DirectoryUser | null>(null);
  return (
    <div className={styles.root}>
      <Title2 as="h1" className={styles.title}>
        {t('page.title')}
      </Title2>
      <div className={styles.columns}>
        <UserSearch selectedId={selected?.id} onSelect={setSelected} />
        {selected === null ? (
          <div className={styles.placeholder}>
            <PersonSearchRegular className={styles.placeholderIcon} aria-hidden />
            <Body1>{t('permissions.noneSelected')}</Body1>
          </div>
        ) : (
          <UserPermissionsSection key={selected.id} user={selected} />
        )}
      </div>
    </div>
  );
}
