import { mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '@/lib/paths';
import { useSignedInUser } from '@/lib/auth/user-context';
import { rolesOf } from '../routes';
import { useMainNavStyles } from './main-nav.styles';

/** Header links, each labelled by a common.json key; explicit so the keys stay checkable. */
const NAV_ITEMS = [
  { path: paths.map.build(), label: 'nav.map' },
  { path: paths.alarms.build(), label: 'nav.alarms' },
  { path: paths.dashboard.build(), label: 'nav.dashboard' },
  { path: paths.lightPoints.build(), label: 'nav.inventory' },
  { path: paths.scheduling.build(), label: 'nav.scheduling' },
  { path: paths.projects.build(), label: 'nav.projects' },
  { path: paths.traceability.build(), label: 'nav.traceability' },
  { path: paths.cabinetUpdateDownloads.build(), label: 'nav.updateDownloads' },
  { path: paths.queuedRequests.build(), label: 'nav.queuedRequests' },
] as const;

/** '/inventory/cabinet-controllers' is in the section of the link '/inventory/light-points'. */
function isInSection(location: string, linkPath: string): boolean {
  const section = `/${linkPath.split('/')[1] ?? ''}`;
  return location === section || location.startsWith(`${section}/`);
}

/** The main navigation; a link shows only when the user holds its route's roles. */
export function MainNav() {
  const styles = useMainNavStyles();
  const { t } = useTranslation('common');
  const user = useSignedInUser();
  const [location] = useLocation();
  const visible = NAV_ITEMS.filter((item) => user.hasAnyRole(rolesOf(item.path)));
  return (
    <nav aria-label={t('nav.label')}>
      <ul className={styles.list}>
        {visible.map((item) => {
          const active = isInSection(location, item.path);
          return (
            <li key={item.path}>
              <Link
                href={item.path}
                className={mergeClasses(styles.link, active && styles.active)}
                aria-current={active ? 'page' : undefined}
              >
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
