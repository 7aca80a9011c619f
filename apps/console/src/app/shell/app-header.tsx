import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { useAppHeaderStyles } from './app-header.styles';
import { MainNav } from './main-nav';

// The controls (menus, select, badge) are a chunk of their own, shown a moment after the page:
// they are not needed to read the first screen (build/first-screen-budget.ts).
const HeaderTools = lazy(() => import('./header-tools').then((m) => ({ default: m.HeaderTools })));

/** Product name, main navigation, and the user's controls. */
export function AppHeader() {
  const styles = useAppHeaderStyles();
  const { t } = useTranslation('common');
  return (
    <header className={styles.root}>
      <Link href={paths.home.build()} className={styles.brand}>
        {t('app.name')}
      </Link>
      <MainNav />
      <div className={styles.tools}>
        <Suspense fallback={null}>
          <HeaderTools />
        </Suspense>
      </div>
    </header>
  );
}
