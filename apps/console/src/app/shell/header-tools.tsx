import { LanguageSelect } from '@/features/preferences/language-select';
import { ThemeToggle } from '@/features/preferences/theme-toggle';
import { LiveStatus } from './live-status';
import { UserMenu } from './user-menu';

/** The header's controls: live status, language, theme and the user's menu. */
export function HeaderTools() {
  return (
    <>
      <LiveStatus />
      <LanguageSelect />
      <ThemeToggle />
      <UserMenu />
    </>
  );
}
