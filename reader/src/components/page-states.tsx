import type { LoadError, PublicSiteSettings } from '../../../contracts/reader-page.js';
import { Layout } from './layout.js';
import { Link } from './navigation.js';
import { ServerErrorPanel } from './server-error.js';

/** The loading text of a page, inside the site's layout. */
export function LoadingPage({ settings, text }: { settings: PublicSiteSettings; text: string }) {
  return (
    <Layout settings={settings}>
      <div className="container page-pad">
        <p className="status-text" role="status">
          {text}
        </p>
      </div>
    </Layout>
  );
}

/**
 * A not-found or failure page: its heading, the message and a way home. When the archive says it
 * is unavailable (503: its database is down) the page is there but cannot be shown, so the retry
 * panel replaces "not found".
 */
export function NotFoundPage({
  settings,
  heading,
  message,
  error,
}: {
  settings: PublicSiteSettings;
  heading: string;
  message: string;
  error?: LoadError;
}) {
  if (error?.status === 503) {
    return (
      <Layout settings={settings}>
        <div className="container page-pad">
          <ServerErrorPanel error={error} />
        </div>
      </Layout>
    );
  }
  return (
    <Layout settings={settings}>
      <div className="container page-pad not-found">
        <h1 className="page-title">{heading}</h1>
        <p className="error-message">{message}</p>
        <p>
          <Link href="/" className="button button-primary">
            Back to Home
          </Link>
        </p>
      </div>
    </Layout>
  );
}
