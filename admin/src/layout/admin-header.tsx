import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG } from '../messages.js';
import { authProvider } from '../providers/auth-provider.js';
import { Button } from './button.js';

export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    if (!window.confirm(MSG.dashboard.logoutConfirm)) return;
    await authProvider.logout({});
    navigate('/login', { replace: true });
  };
}

/** Header shared by the admin pages: their own content, the public-site link and Logout. */
export function AdminHeader({ children, publicLink = { href: '/', label: MSG.dashboard.publicSite } }: { children: ReactNode; publicLink?: { href: string; label: string } | null }) {
  const logout = useLogout();
  return (
    <header className="admin-header">
      {children}
      <nav className="row">
        {publicLink ? (
          <a className="ui-link-button outline" href={publicLink.href} target="_blank" rel="noopener noreferrer">
            {publicLink.label}
          </a>
        ) : null}
        <Button variant="ghost" onClick={() => void logout()}>
          {MSG.dashboard.logout}
        </Button>
      </nav>
    </header>
  );
}
