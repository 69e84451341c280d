/**
 * Server bundle (dist/reader/server/entry-server.js), loaded once by the API process's SiteModule.
 * It renders a page state to markup and writes the head for it.
 */
import { renderToString } from 'react-dom/server';
import type { PageState, PublicSiteSettings, RenderResult, StaticPageState } from '../../contracts/reader-page.js';
import { App, loadOf } from './app.js';
import { buildHead, recordingsHead, renderHead } from './lib/seo.js';
import { RecordingsPage } from './routes/recordings.js';
import { BookPrintPage } from './routes/book-print.js';
import { fullLoadPages } from './routes/full-load-pages.js';
import { ReportForm } from './components/report-form.js';
import { reportForm } from './components/report-mistake.js';
import { ServerErrorPanel } from './components/server-error-panel.js';
import { serverErrorPanel } from './components/server-error.js';

fullLoadPages.print = BookPrintPage;
reportForm.component = ReportForm;
serverErrorPanel.component = ServerErrorPanel;

export { serializeForScript } from './lib/escape.js';

function statusOf(page: PageState): number {
  const load = loadOf(page);
  if (load.state !== 'error') return 200;
  return load.error.status && load.error.status >= 400 ? load.error.status : 500;
}

export function render(page: PageState, settings: PublicSiteSettings): RenderResult {
  const html = renderToString(<App initial={page} settings={settings} />);
  return { html, head: renderHead(buildHead(page, settings), settings), status: statusOf(page) };
}

/** A page the browser does not hydrate (the recordings): rendered here alone, with no app around it. */
export function renderStatic(page: StaticPageState, settings: PublicSiteSettings): RenderResult {
  const html = renderToString(<RecordingsPage page={page} settings={settings} />);
  const status = page.recordings.state === 'error' ? page.recordings.error.status || 500 : 200;
  return { html, head: renderHead(recordingsHead(page, settings), settings), status };
}
