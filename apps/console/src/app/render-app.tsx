import '@fontsource/poppins/400.css';
import '@fontsource/poppins/600.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { SignedInUser } from '@/lib/auth/signed-in-user';
import { App } from './app';
import { registerAppPanelTabs } from './panel-tabs';

/** Mounts the console for the signed-in user into index.html's #root. */
export function renderApp(user: SignedInUser): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks the #root element');
  registerAppPanelTabs();
  createRoot(container).render(
    <StrictMode>
      <App user={user} />
    </StrictMode>,
  );
}
