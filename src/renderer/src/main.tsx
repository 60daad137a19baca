import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { askBeforeLeavingWithDrafts } from './stores/note-drafts-store';
import './styles.css';

if (!window.gleaner) askBeforeLeavingWithDrafts(window);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
