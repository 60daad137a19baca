import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installFocusRecovery } from './lib/focus-recovery';
import { askBeforeLeavingWithDrafts } from './stores/note-drafts-store';
// One stylesheet in four parts, in cascade order.
import './styles.css';
import './styles/library.css';
import './styles/item-detail.css';
import './styles/tables-and-narrow-windows.css';

if (!window.gleaner) askBeforeLeavingWithDrafts(window);

const root = document.getElementById('root')!;
installFocusRecovery(root);
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
