import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installFocusRecovery } from './lib/focus-recovery';
import { askBeforeLeavingWithDrafts } from './stores/note-drafts-store';
import './styles.css';

if (!window.gleaner) askBeforeLeavingWithDrafts(window);

const root = document.getElementById('root')!;
installFocusRecovery(root);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
