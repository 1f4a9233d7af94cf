import './earlyLink';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles.css';
import { initialiseFromLocation } from './urlSync';

// A share link is read before the first render, so the app opens on it rather than on the
// default lesson for a moment.
void initialiseFromLocation().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
