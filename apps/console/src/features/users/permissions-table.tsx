import type { ProjectPermission, ProjectRole } from '@farola/protocol';
import {
  Button,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
  return (
    <>
      <Table aria-label={t('permissions.table', { user: username })} data-testid="permissions-table">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('permissions.project')}</TableHeaderCell>
            <TableHeaderCell className={styles.role}>{t('permissions.role')}</TableHeaderCell>
            <TableHeaderCell className={styles.actions}>{t('permissions.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {permissions.map((permission) => (
            <TableRow key={permission.projectId} data-testid="permission-row">
              <TableCell>{permission.projectName}</TableCell>
              <TableCell className={styles.role}>
                <Select
                  aria-label={t('permissions.roleOn', { project: permission.projectName })}
                  value={permission.role}
                  disabled={disabled}
                  onChange={(_event, data) => {
                    if (isProjectRole(data.value) && data.value !== permission.role)
                      onChangeRole(permission, data.value);
                  }}
                >
                  {PROJECT_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {t(ROLE_LABEL_KEYS[role])}
                    </option>
                  ))}
                </Select>
              </TableCell>
              <TableCell className={styles.actions}>
                <Button
                  appearance="subtle"
                  icon={<DeleteRegular />}
                  aria-label={t('permissions.removeOn', { project: permission.projectName })}
                  disabled={disabled}
                  onClick={() => setRemoving(permission)}
                >
                  {t('permissions.remove')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
