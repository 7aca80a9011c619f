import { Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { useLaterVersionScreenStyles } from './later-version-screen.styles';

/** A screen that exists in the route table but is built in a later version: its title and an honest notice. */
export function LaterVersionScreen({ title }: { title: string }) {
  const styles = useLaterVersionScreenStyles();
  const { t } = useTranslation('common');
  return (
    <section className={styles.root} aria-label={title}>
      <Title2 as="h1">{title}</Title2>
      <EmptyState title={t('laterVersion.title')} description={t('laterVersion.description')} />
    </section>
  );
}
