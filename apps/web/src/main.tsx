import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './styles.css';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Storefront pages arrive rendered by the server (entry-server.tsx): the browser only hydrates that HTML, after it
// has painted it (the page shows at once; its scripts take over a frame later). Either way the first render is a
// transition: React works in slices of a few milliseconds and lets the browser paint and handle input between
// them, instead of one long task while a phone parses the page.
function start() {
  startTransition(() => {
    if (container.firstElementChild) {
      hydrateRoot(container, app, {
        onRecoverableError(error) {
          // A page whose HTML did not match is rebuilt in the browser: it still works, but say so.
          console.error('hydration', error);
        },
      });
    } else {
      createRoot(container).render(app);
    }
  });
}

if (container.firstElementChild) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  // After the next frame; a tab opened in the background (no frames) starts anyway.
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 500);
} else {
  start();
}
