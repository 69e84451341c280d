import { useState } from 'react';
import { MSG } from '../messages.js';
import { ApiError } from '../providers/api-error.js';
import { Button } from './button.js';
import { DiagnosticsPanel } from './diagnostics-panel.js';

export type ServerErrorVariant = 'database_error' | 'network_error' | 'server_error';

/** SPEC section 2: 500 means the database, a fetch or type error the network, anything else the server. */
export function errorVariant(error: unknown): ServerErrorVariant {
  if (error instanceof ApiError) {
    if (error.status === 500) return 'database_error';
    if (error.status === 0) return 'network_error';
  }
  if (error instanceof TypeError) return 'network_error';
  const message = error instanceof Error ? error.message : String(error ?? '');
  if (/fetch/i.test(message)) return 'network_error';
  return 'server_error';
}

export function ServerErrorPanel({ error, onRetry, busy = false }: { error: unknown; onRetry?: () => Promise<unknown> | void; busy?: boolean }) {
  const variant = errorVariant(error);
  const text = MSG.serverError[variant];
  const [retryingHere, setRetrying] = useState(false);
  const retrying = retryingHere || busy;
  const [showDiagnostics, setShowDiagnostics] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      if (onRetry) await onRetry();
      else window.location.reload();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <section className="panel error-panel" role="alert" data-variant={variant}>
      <h2>{text.title}</h2>
      <p>{text.message}</p>
      {error instanceof Error && error.message ? <p className="muted">{error.message}</p> : null}
      <ul>
        {text.suggestions.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <div className="row">
        <Button onClick={retry} loading={retrying}>
          {retrying ? MSG.serverError.retrying : MSG.serverError.tryAgain}
        </Button>
        <Button variant="outline" onClick={() => setShowDiagnostics((v) => !v)}>
          {showDiagnostics ? MSG.serverError.hideDiagnostics : MSG.serverError.showDiagnostics}
        </Button>
      </div>
      {showDiagnostics ? <DiagnosticsPanel /> : null}
    </section>
  );
}
