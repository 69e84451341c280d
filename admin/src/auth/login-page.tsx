import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { LoginAnswer } from '../../../contracts/auth.js';
import { formatLongDate } from '../../../contracts/format.js';
import { useLocation, useNavigate } from 'react-router-dom';
import { usePageTitle } from '../layout/page-title.js';
import { authProvider } from '../providers/auth-provider.js';
import { sessionHasEnded, takeReturnTo } from '../providers/session.js';
import { anyKept } from '../providers/unsaved-text.js';
import { ArchiveButton } from '../layout/archive-button.js';

/**
 * Where to go after signing in: the admin page the session ended on (react-admin's nextPathname),
 * or the one the guard turned away (kept across the load of /login), else the dashboard.
 */
export function returnTarget(state: unknown): string {
  const { nextPathname, nextSearch = '' } = (state ?? {}) as { nextPathname?: string; nextSearch?: string };
  const remembered = takeReturnTo();
  if (nextPathname && (nextPathname === '/admin' || nextPathname.startsWith('/admin/'))) return `${nextPathname}${nextSearch}`;
  return remembered ?? '/admin';
}

/** The 'Admin Login' page of SPEC section 2, at /login outside the admin's router. */
export function LoginPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Why sign-in is asked when a session ended in use, and that the unsaved text waits.
  const [why] = useState(() =>
    anyKept(localStorage) ? 'archive.unsaved.session_ended_kept' : sessionHasEnded() ? 'archive.unsaved.session_ended' : null,
  );
  usePageTitle(translate('archive.login.heading'));

  useEffect(() => {
    let cancelled = false;
    // An admin who is already signed in does not need this page.
    void authProvider.checkSession().then((answer) => {
      if (!cancelled && answer.authenticated) navigate(returnTarget(location.state), { replace: true });
    });
    return () => {
      cancelled = true;
    };
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username || !password || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { failedLogins } = (await authProvider.login({ username, password })) as { failedLogins: LoginAnswer['failed_logins'] };
      if (failedLogins) {
        // Until the admin closes it: someone may be guessing their password.
        notify('archive.login.failed_logins', {
          type: 'warning',
          autoHideDuration: null,
          messageArgs: {
            smart_count: failedLogins.attempts,
            count: failedLogins.attempts.toLocaleString('en-US'),
            date: formatLongDate(failedLogins.last_at),
          },
        });
      }
      navigate(returnTarget(location.state), { replace: true });
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : 'archive.login.failed';
      setError(translate(message, { _: message }));
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Paper component="form" onSubmit={submit} aria-labelledby="login-heading" sx={{ p: 3, width: '100%', maxWidth: 380 }}>
        <Typography id="login-heading" component="h1" variant="h5" sx={{ mb: 2, fontWeight: 600 }}>
          {translate('archive.login.heading')}
        </Typography>
        {why ? (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {translate(why)}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        ) : null}
        <TextField
          id="login-username"
          name="username"
          label={translate('archive.login.username')}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoFocus
          fullWidth
          margin="normal"
        />
        <TextField
          id="login-password"
          name="password"
          label={translate('archive.login.password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          fullWidth
          margin="normal"
          slotProps={{
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <ArchiveButton
                    size="sm"
                    variant="ghost"
                    aria-label={translate(showPassword ? 'archive.login.hide_password' : 'archive.login.show_password')}
                    aria-pressed={showPassword}
                    onClick={() => setShowPassword((v) => !v)}
                  >
                    {translate(showPassword ? 'archive.login.hide' : 'archive.login.show')}
                  </ArchiveButton>
                </InputAdornment>
              ),
            },
          }}
        />
        <ArchiveButton
          size="lg"
          variant="primary"
          type="submit"
          fullWidth
          sx={{ mt: 2 }}
          disabled={!username || !password || busy}
          loading={busy}
          loadingPosition="start"
        >
          {translate(busy ? 'archive.login.submitting' : 'archive.login.submit')}
        </ArchiveButton>
      </Paper>
    </Box>
  );
}
