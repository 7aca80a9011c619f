import type { ProjectPermission, ProjectRole } from '@farola/protocol';
import { Button, Select } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { usePermissionsTableStyles } from './permissions-table.styles';
import { isProjectRole, PROJECT_ROLES, ROLE_LABEL_KEYS } from './role-labels';

interface PermissionsTableProps {
  username: string;
  permissions: readonly ProjectPermission[];
  disabled: boolean;
  onChangeRole: (permission: ProjectPermission, role: ProjectRole) => void;
  onRemove: (permission: ProjectPermission) => void;
}

/** The user's role per project, each changeable in place and removable after a confirmation. */
export function PermissionsTable({ username, permissions, disabled, onChangeRole, onRemove }: PermissionsTableProps) {
  const { t } = useTranslation('users');
  const styles = usePermissionsTableStyles();
  const [removing, setRemoving] = useState<ProjectPermission | null>(null);
  const columns: DataTableColumn<ProjectPermission>[] = [
    {
      id: 'project',
      header: t('permissions.project'),
      cell: (permission) => permission.projectName,
      compare: (a, b) => a.projectName.localeCompare(b.projectName),
    },
    {
      id: 'role',
      header: t('permissions.role'),
      className: styles.role,
      interactive: true,
      compare: (a, b) => PROJECT_ROLES.indexOf(a.role) - PROJECT_ROLES.indexOf(b.role),
      cell: (permission) => (
        <Select
          aria-label={t('permissions.roleOn', { project: permission.projectName })}
          value={permission.role}
          disabled={disabled}
          onChange={(_event, data) => {
            if (isProjectRole(data.value) && data.value !== permission.role) onChangeRole(permission, data.value);
          }}
        >
          {PROJECT_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(ROLE_LABEL_KEYS[role])}
            </option>
          ))}
        </Select>
      ),
    },
    {
      id: 'actions',
      header: t('permissions.actions'),
      className: styles.actions,
      interactive: true,
      cell: (permission) => (
        <Button
          appearance="subtle"
          icon={<DeleteRegular />}
          aria-label={t('permissions.removeOn', { project: permission.projectName })}
          disabled={disabled}
          onClick={() => setRemoving(permission)}
        >
          {t('permissions.remove')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <DataTable
        label={t('permissions.table', { user: username })}
        testId="permissions-table"
        size="medium"
        columns={columns}
        items={permissions}
        getRowId={(permission) => permission.projectId}
        rowProps={() => ({ 'data-testid': 'permission-row' })}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('permissions.confirmTitle')}
        message={t('permissions.confirmMessage', { user: username, project: removing?.projectName ?? '' })}
        confirmLabel={t('permissions.remove')}
        destructive
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) onRemove(removing);
          setRemoving(null);
        }}
      />
    </>
  );
}
