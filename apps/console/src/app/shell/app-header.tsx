import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '@/lib/paths';
import { LanguageSelect } from '@/features/preferences/language-select';
import { ThemeToggle } from '@/features/preferences/theme-toggle';
import { useAppHeaderStyles } from './app-header.styles';
import { LiveStatus } from './live-status';
import { MainNav } from './main-nav';
import { UserMenu } from './user-menu';

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
        <LiveStatus />
        <LanguageSelect />
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  );
}
