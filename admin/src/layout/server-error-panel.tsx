import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorVariant } from '../../../contracts/errors.js';
import { DiagnosticsPanel } from './diagnostics-panel.js';
import { ArchiveButton } from './archive-button.js';

/**
 * The retry panel of SPEC section 2: a 500 points at the database, a failed fetch at the network,
 * anything else at the server; Try Again says 'Retrying...' until a retry succeeds.
 */
export function ServerErrorPanel({
  error,
  onRetry,
  busy = false,
}: {
  error: unknown;
  onRetry?: () => Promise<unknown> | void;
  busy?: boolean;
}) {
  const translate = useTranslate();
  const variant = errorVariant(error);
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
  const key = `archive.server_error.${variant}`;
  return (
    <Alert severity="error" role="alert" data-variant={variant} sx={{ my: 2, '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle component="h2">{translate(`${key}.title`)}</AlertTitle>
      <p>{translate(`${key}.message`)}</p>
      {error instanceof Error && error.message ? <p>{error.message}</p> : null}
      <ul>
        {translate(`${key}.suggestions`)
          .split('|')
          .map((s) => (
            <li key={s}>{s}</li>
          ))}
      </ul>
      <Stack direction="row" spacing={1}>
        <ArchiveButton variant="primary" onClick={() => void retry()} loading={retrying} loadingPosition="start">
          {translate(retrying ? 'archive.server_error.retrying' : 'archive.server_error.try_again')}
        </ArchiveButton>
        <ArchiveButton variant="outline" aria-expanded={showDiagnostics} onClick={() => setShowDiagnostics((v) => !v)}>
          {translate(showDiagnostics ? 'archive.server_error.hide_diagnostics' : 'archive.server_error.show_diagnostics')}
        </ArchiveButton>
      </Stack>
      {showDiagnostics ? <DiagnosticsPanel /> : null}
    </Alert>
  );
}
