import '@fontsource/poppins/400.css';
import '@fontsource/poppins/600.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { isStartUpAborted, startUp } from './app/start-up';

startUp().then(
  (user) => {
    const container = document.getElementById('root');
    if (!container) throw new Error('index.html lacks the #root element');
    createRoot(container).render(
      <StrictMode>
        <App user={user} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    // Expected failures were already shown to the user as an alert; anything else is a bug worth logging.
    if (!isStartUpAborted(error)) console.error(error);
  },
);
