import { isStartUpAborted, startUp } from './app/start-up';

// The app's code (the shell, Fluent UI, React's renderer) loads while start-up reads the
// configuration and signs the user in, and, opened on the map, while the fleet is asked for:
// neither waits for the other.
Promise.all([startUp(), import('./app/render-app')]).then(
  ([user, { renderApp }]) => renderApp(user),
  (error: unknown) => {
    // Expected failures were already shown to the user as an alert; anything else is a bug worth logging.
    if (!isStartUpAborted(error)) console.error(error);
  },
);
