import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/crimson-text/400.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { reloadOnPreloadError } from './layout/chunk-reload.js';
import './styles.css';

reloadOnPreloadError();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
