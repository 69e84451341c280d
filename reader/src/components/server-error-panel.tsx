import { lazy, Suspense, useState } from 'react';
import type { LoadError } from '../../../contracts/reader-page.js';
import { errorVariant, type ErrorVariant } from '../../../contracts/errors.js';

// Only someone troubleshooting opens the diagnostics, so their code loads on demand.
const Diagnostics = lazy(() => import('./diagnostics.js').then((m) => ({ default: m.Diagnostics })));

const VARIANTS: Record<ErrorVariant, { title: string; message: string; suggestions: string[] }> = {
  database_error: {
    title: 'Database Connection Issue',
    message: 'The archive could not reach its database, so the collections cannot be shown right now. Nothing has been lost.',
    suggestions: [
      'Wait a few moments and try again; the database may be restarting.',
      'If the problem persists, the site may be under maintenance.',
      'Check back later; the collections will return as soon as the database is available.',
    ],
  },
  network_error: {
    title: 'Network Connection Error',
    message: 'Your browser could not reach the archive. Please check your internet connection.',
    suggestions: [
      'Check that you are connected to the internet.',
      'If you use a VPN, proxy or content blocker, try turning it off for this site.',
      'Try again in a moment.',
    ],
  },
  server_error: {
    title: 'Server Error',
    message: 'Something went wrong on the server while loading the collections.',
    suggestions: ['Try again in a moment.', 'Reload the page.', 'If the problem persists, please check back later.'],
  },
};

/** The retry panel of SPEC section 2 (Home) and "Diagnostics panels"; retry reloads the page. */
export function ServerErrorPanel({ error }: { error: LoadError }) {
  const variant = errorVariant(error);
  const text = VARIANTS[variant];
  const [retrying, setRetrying] = useState(false);
  const [showDiagnostics, setShowDiagnostics] = useState(false);
  return (
    <section className={`error-panel error-${variant}`} data-variant={variant} role="alert" aria-labelledby="error-panel-title">
      <h2 id="error-panel-title" className="error-title">
        {text.title}
      </h2>
      <p>{text.message}</p>
      <h3 className="error-subtitle">What you can do</h3>
      <ul className="error-suggestions">
        {text.suggestions.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={retrying}
          onClick={() => {
            setRetrying(true);
            window.location.reload();
          }}
        >
          {retrying ? 'Retrying...' : 'Try Again'}
        </button>
        <button
          type="button"
          className="button button-outline"
          aria-expanded={showDiagnostics}
          onClick={() => setShowDiagnostics((v) => !v)}
        >
          {showDiagnostics ? 'Hide Diagnostics' : 'Show Diagnostics'}
        </button>
      </div>
      {showDiagnostics && (
        <Suspense fallback={<p role="status">Running diagnostics...</p>}>
          <Diagnostics error={error} />
        </Suspense>
      )}
    </section>
  );
}
