import { FluentProvider } from '@fluentui/react-components';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { darkTheme } from '@/lib/theme/themes';
import { useAppHeaderStyles } from './app-header.styles';
import { MainNav } from './main-nav';

// The controls (menus, select, badge) are a chunk of their own, shown a moment after the page:
// they are not needed to read the first screen (build/first-screen-budget.ts).
const HeaderTools = lazy(() => import('./header-tools').then((m) => ({ default: m.HeaderTools })));

/**
 * Product name, main navigation, and the user's controls. The header is dark in both themes (spec
 * §9's dark surface), so its controls take the dark theme's colours whatever the page's theme.
 */
export function AppHeader() {
  const styles = useAppHeaderStyles();
  const { t } = useTranslation('common');
  return (
    <FluentProvider theme={darkTheme} className={styles.theme}>
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
    </FluentProvider>
  );
}
