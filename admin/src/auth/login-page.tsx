import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../layout/button.js';
import { MSG } from '../messages.js';
import { authProvider } from '../providers/auth-provider.js';
import { takeReturnTo } from '../providers/session.js';

/** Where to go after signing in: the guard's return target, else the dashboard. */
function returnTarget(state: unknown): string {
  const from = (state as { from?: string } | null)?.from;
  if (from && from.startsWith('/admin')) return from;
  return takeReturnTo() ?? '/admin';
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = `${MSG.login.heading}`;
    let cancelled = false;
    void authProvider.checkSession().then((answer) => {
      if (!cancelled && answer.authenticated) navigate(returnTarget(location.state), { replace: true });
    });
    return () => {
      cancelled = true;
    };
    // Only on arrival: an already signed-in admin does not need this page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username || !password || busy) return;
    setBusy(true);
    setError(null);
    try {
      await authProvider.login({ username, password });
      navigate(returnTarget(location.state), { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : MSG.login.failed);
      setBusy(false);
    }
  };

  return (
    <main className="login-page">
      <form className="panel login-form" onSubmit={submit} aria-labelledby="login-heading">
        <h1 id="login-heading">{MSG.login.heading}</h1>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="login-username">{MSG.login.username}</label>
          <input id="login-username" name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} autoFocus />
        </div>
        <div className="field">
          <label htmlFor="login-password">{MSG.login.password}</label>
          <span className="password-row">
            <input
              id="login-password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button
              type="button"
              className="link-button"
              aria-label={showPassword ? 'Hide password' : 'Show password'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((v) => !v)}
            >
              {showPassword ? 'Hide' : 'Show'}
            </button>
          </span>
        </div>
        <Button type="submit" size="lg" disabled={!username || !password || busy} loading={busy} style={{ width: '100%' }}>
          {busy ? MSG.login.submitting : MSG.login.submit}
        </Button>
      </form>
    </main>
  );
}
