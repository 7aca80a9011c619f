import { Body1, Link, Title1 } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link as RouteLink } from 'wouter';
import { paths } from '@/lib/paths';
import { useErrorPageStyles } from './error-page.styles';

/** Where a route guard sends a user who holds none of the route's roles (spec §6). */
export function UnauthorizedPage() {
  const styles = useErrorPageStyles();
  const { t } = useTranslation('common');
  return (
    <section className={styles.root} data-testid="unauthorized">
      <LockClosedRegular className={styles.icon} aria-hidden />
      <Title1 as="h1">{t('unauthorized.title')}</Title1>
      <Body1>{t('unauthorized.message')}</Body1>
      <RouteLink href={paths.home.build()} asChild>
        <Link>{t('unauthorized.backHome')}</Link>
      </RouteLink>
    </section>
  );
}
