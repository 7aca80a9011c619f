import type { DirectoryUser } from '@farola/protocol';
import { Title2 } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
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
      <Title2 as="h1">{t('page.title')}</Title2>
      <div className={styles.columns}>
        <UserSearch selectedId={selected?.id} onSelect={setSelected} />
        {selected === null ? (
          <EmptyState title={t('permissions.noneSelected')} />
        ) : (
          <UserPermissionsSection key={selected.id} user={selected} />
        )}
      </div>
    </div>
  );
}
