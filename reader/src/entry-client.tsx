/**
 * Browser entry: hydrates the server-rendered page from the embedded JSON data block (no fetch
 * on load) and reports web vitals when an endpoint is configured.
 */
import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/crimson-text/400.css';
import '@fontsource/crimson-text/400-italic.css';
import '@fontsource/crimson-text/600.css';
import './styles/reader.css';
import { hydrateRoot } from 'react-dom/client';
import { READER_DATA_ELEMENT_ID, READER_ROOT_ELEMENT_ID, type BootData } from '../../contracts/reader-page.js';
import { App } from './app.js';
import { loadFullLoadPage } from './routes/full-load-pages.js';

const dataElement = document.getElementById(READER_DATA_ELEMENT_ID);
const root = document.getElementById(READER_ROOT_ELEMENT_ID);
if (dataElement && root) {
  const boot = JSON.parse(dataElement.textContent ?? '{}') as BootData;
  void loadFullLoadPage(boot.page.route).then(() => hydrateRoot(root, <App initial={boot.page} settings={boot.settings} />));
  const endpoint = boot.settings.webVitalsEndpoint;
  if (endpoint) void import('./lib/web-vitals.js').then((m) => m.reportWebVitals(endpoint));
}
