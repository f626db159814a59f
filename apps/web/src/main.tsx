import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Be Vietnam Pro is bundled (vietnamese, latin-ext and latin subsets) so the text renders well offline.
import '@fontsource/be-vietnam-pro/400.css';
import '@fontsource/be-vietnam-pro/500.css';
import '@fontsource/be-vietnam-pro/600.css';
import '@fontsource/be-vietnam-pro/700.css';
// 800 for `font-extrabold` (logo, prices); a weight's files download only when text uses it.
import '@fontsource/be-vietnam-pro/800.css';
import { App } from './app/App.tsx';
import './styles.css';

// The first render as a transition: React renders it in slices of a few milliseconds and lets the browser paint
// and handle input between them, instead of one long task while a phone parses the page.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
