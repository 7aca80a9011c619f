import { FluentProvider } from '@fluentui/react-components';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { themeModeAtom } from '@/lib/theme/theme-preference';
import { THEMES } from '@/lib/theme/themes';

/** The app's root element: Fluent's theme, with `data-theme` naming it for styles and end-to-end tests. */
export function ThemedRoot({ children }: { children: ReactNode }) {
  const mode = useAtomValue(themeModeAtom);
  return (
    <FluentProvider theme={THEMES[mode]} data-theme={mode} style={{ minHeight: '100vh' }}>
      {children}
    </FluentProvider>
  );
}
