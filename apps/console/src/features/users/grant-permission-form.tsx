import type { GrantPermission, ProjectRole } from '@farola/protocol';
import { Button, Field, MessageBar, MessageBarBody, Select, Subtitle2 } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantPermissionFormStyles } from './grant-permission-form.styles';
import { isProjectRole, PROJECT_ROLES, ROLE_LABEL_KEYS } from './role-labels';
import { useAdministeredProjects } from './use-administered-projects';

interface GrantPermissionFormProps {
  isGranting: boolean;
  /** The refusal of the last grant, already in the user's language. */
  error: string | null;
  onGrant: (grant: GrantPermission) => void;
  /** The form changed: an earlier refusal no longer applies. */
  onEdit: () => void;
}

/** 'Choose role': a project the caller administers, a role, and the button that grants it. */
export function GrantPermissionForm({ isGranting, error, onGrant, onEdit }: GrantPermissionFormProps) {
  const { t, i18n } = useTranslation('users');
  const styles = useGrantPermissionFormStyles();
  const headingId = useId();
  const projects = useAdministeredProjects(i18n.language);
  const [projectId, setProjectId] = useState('');
  const [role, setRole] = useState<ProjectRole>('user');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (projectId !== '') onGrant({ projectId, role });
  };
  const projectHint = projects.isFailed
    ? t('grant.projectsUnavailable')
    : !projects.isLoading && projects.options.length === 0
      ? t('grant.noProjects')
      : null;
  return (
    <form className={styles.root} aria-labelledby={headingId} onSubmit={submit}>
      <Subtitle2 as="h3" id={headingId} className={styles.heading}>
        {t('grant.title')}
      </Subtitle2>
      <div className={styles.fields}>
        <Field
          className={styles.project}
          label={t('grant.project')}
          validationState={projectHint === null ? 'none' : 'warning'}
          validationMessage={projectHint}
        >
          <Select
            data-testid="grant-project"
            value={projectId}
            onChange={(_event, data) => {
              setProjectId(data.value);
              onEdit();
            }}
          >
            <option value="" disabled>
              {t('grant.chooseProject')}
            </option>
            {projects.options.map((project) => (
              <option key={project.id} value={project.id}>
                {project.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.role} label={t('grant.role')}>
          <Select
            data-testid="grant-role"
            value={role}
            onChange={(_event, data) => {
              if (isProjectRole(data.value)) setRole(data.value);
              onEdit();
            }}
          >
            {PROJECT_ROLES.map((option) => (
              <option key={option} value={option}>
                {t(ROLE_LABEL_KEYS[option])}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          className={styles.submit}
          type="submit"
          appearance="primary"
          icon={<AddRegular />}
          disabled={projectId === '' || isGranting}
        >
          {t('grant.submit')}
        </Button>
      </div>
      {error !== null && (
        <MessageBar intent="error" data-testid="grant-error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </form>
  );
}
