import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './fonts.css';
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
