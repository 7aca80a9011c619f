import { mergeClasses } from '@fluentui/react-components';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { paths } from '@/lib/paths';
import { useSignedInUser } from '@/lib/auth/user-context';
import { rolesOf } from '../routes';
import { useMainNavStyles } from './main-nav.styles';
import type { MoreNavItem } from './main-nav-more-menu';
import { useFittingCount } from './use-fitting-count';

// The menu of the links that do not fit is loaded when first opened (build/first-screen-budget.ts
// lists it as loaded on demand): most screens are wide enough for every link.
const MainNavMoreMenu = lazy(() => import('./main-nav-more-menu').then((m) => ({ default: m.MainNavMoreMenu })));

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

/** 'More': the links that do not fit the header's line, in a menu. */
function MoreLinks({ items }: { items: readonly MoreNavItem[] }) {
  const styles = useMainNavStyles();
  const { t } = useTranslation('common');
  const [opened, setOpened] = useState(false);
  const trigger = (
    <button
      type="button"
      className={mergeClasses(styles.link, styles.more, items.some((item) => item.current) && styles.active)}
      aria-haspopup="menu"
      aria-expanded={opened ? undefined : false}
      data-testid="nav-more"
      onClick={opened ? undefined : () => setOpened(true)}
    >
      {t('nav.more')}
    </button>
  );
  if (!opened) return trigger;
  return (
    <Suspense fallback={trigger}>
      <MainNavMoreMenu trigger={trigger} items={items} />
    </Suspense>
  );
}

/**
 * The main navigation on one line: a link shows only when the user holds its route's roles, and
 * those that do not fit the header's width (a long language, a narrow window) go into 'More'.
 */
export function MainNav() {
  const styles = useMainNavStyles();
  const { t } = useTranslation('common');
  const user = useSignedInUser();
  const [location] = useLocation();
  const list = useRef<HTMLUListElement>(null);
  const items = NAV_ITEMS.filter((item) => user.hasAnyRole(rolesOf(item.path))).map((item) => ({
    path: item.path,
    label: t(item.label),
    current: isInSection(location, item.path),
  }));
  const fitting = useFittingCount(list, items.map((item) => item.label).join('\n'));
  const overflowing = items.slice(fitting);
  return (
    <nav aria-label={t('nav.label')} className={styles.nav}>
      <ul className={styles.list} ref={list}>
        {items.map((item, index) => (
          // A link in 'More' keeps its width (to know when it fits again), out of sight and reach.
          <li key={item.path} className={mergeClasses(styles.item, index >= fitting && styles.aside)}>
            <Link
              href={item.path}
              className={mergeClasses(styles.link, item.current && styles.active)}
              aria-current={item.current ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
        {/* Always there, to be measured; out of sight while every link fits. */}
        <li className={mergeClasses(styles.item, overflowing.length === 0 && styles.aside)}>
          <MoreLinks items={overflowing} />
        </li>
      </ul>
    </nav>
  );
}
