import './lib/zodConfig';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles.css';

// A transition renders in time slices that yield to the browser, so the first render is no long blocking task
// (the static shell in index.html is on screen meanwhile).
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
