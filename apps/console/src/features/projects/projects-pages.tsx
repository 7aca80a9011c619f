import { useTranslation } from 'react-i18next';
import { LaterVersionScreen } from '@/components/later-version-screen';

// Spec §2 `projects` and its children (add, details, subproject), which arrive in a later version.

export function ProjectsPage() {
  const { t } = useTranslation('projects');
  return <LaterVersionScreen title={t('page.title')} />;
}

export function ProjectAddPage() {
  const { t } = useTranslation('projects');
  return <LaterVersionScreen title={t('add.title')} />;
}

export function ProjectDetailsPage() {
  const { t } = useTranslation('projects');
  return <LaterVersionScreen title={t('details.title')} />;
}

export function SubProjectPage() {
  const { t } = useTranslation('projects');
  return <LaterVersionScreen title={t('subproject.title')} />;
}
