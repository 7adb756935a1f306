import './lib/zodConfig';
// The base styles first: every feature's own css (imported by its components, below) comes after it and builds on it.
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { reportUncaughtErrors } from './lib/clientErrors';

reportUncaughtErrors();

// A transition renders in time slices that yield to the browser, so the first render is no long blocking task
// (the static shell in index.html is on screen meanwhile).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
