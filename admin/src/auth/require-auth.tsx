import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../layout/toaster.js';
import { MSG } from '../messages.js';
import { authProvider } from '../providers/auth-provider.js';
import { initCsrfToken } from '../providers/csrf.js';
import { clearLocalAuth, getStoredUser } from '../providers/session.js';

/**
 * The admin route guard of SPEC section 4: no known user goes to /login with the return target;
 * otherwise the session is validated with the server, and a CSRF token is fetched once it is good.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const from = `${location.pathname}${location.search}`;
  const known = getStoredUser() !== null;
  const [state, setState] = useState<'checking' | 'ok'>('checking');

  useEffect(() => {
    if (!known) return;
    let cancelled = false;
    void authProvider.checkSession().then(async (answer) => {
      if (cancelled) return;
      if (!answer.authenticated) {
        clearLocalAuth();
        navigate('/login', { replace: true, state: { from } });
        return;
      }
      try {
        await initCsrfToken();
      } catch (err) {
        console.error(err);
        toast.error(MSG.session.csrfInitFailed);
      }
      if (!cancelled) setState('ok');
    });
    return () => {
      cancelled = true;
    };
    // Validate once per entry into the protected area, not on every navigation inside it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known]);

  if (!known) return <Navigate to="/login" replace state={{ from }} />;
  if (state === 'checking') {
    return (
      <main className="centered" aria-busy="true">
        <p className="muted">{MSG.session.validating}</p>
      </main>
    );
  }
  return <>{children}</>;
}
