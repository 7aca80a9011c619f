import { Body1, Link, Title1 } from '@fluentui/react-components';
import { DocumentQuestionMarkRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link as RouteLink } from 'wouter';
import { paths } from '@/lib/paths';
import { useErrorPageStyles } from './error-page.styles';

/** Any path outside the route table (spec §2, §8): 'Page not found' and a way back home. */
export function NotFoundPage() {
  const styles = useErrorPageStyles();
  const { t } = useTranslation('common');
  return (
    <section className={styles.root} data-testid="not-found">
      <DocumentQuestionMarkRegular className={styles.icon} aria-hidden />
      <Title1 as="h1">{t('notFound.title')}</Title1>
      <Body1>{t('notFound.description')}</Body1>
      <RouteLink href={paths.home.build()} asChild>
        <Link>{t('notFound.backHome')}</Link>
      </RouteLink>
    </section>
  );
}
