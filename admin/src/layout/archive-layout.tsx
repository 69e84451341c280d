import Box from '@mui/material/Box';
import { useEffect, type ReactNode } from 'react';
import { Layout, useNotify } from 'react-admin';
import { THEME } from '../constants.js';
import { authProvider } from '../providers/auth-provider.js';
import { ArchiveAppBar } from './app-bar.js';

const NoSidebar = () => null;

/** Tells the admin, once, that the session check could not fetch a CSRF token (SPEC section 8). */
function CsrfNotice() {
  const notify = useNotify();
  useEffect(() => {
    if (authProvider.takeCsrfFailure()) notify('archive.session.csrf_init_failed', { type: 'error' });
  }, [notify]);
  return null;
}

/** react-admin's layout (skip link, main landmark, error boundary, lazy-route fallback), one column wide. */
export function ArchiveLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={ArchiveAppBar} sidebar={NoSidebar}>
      <CsrfNotice />
      <Box sx={{ width: '100%', maxWidth: THEME.pageMaxWidth, mx: 'auto', px: 2, pt: 3, pb: 8, boxSizing: 'border-box' }}>{children}</Box>
    </Layout>
  );
}
