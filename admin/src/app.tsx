import { Admin, CustomRoutes, Resource, defaultTheme, type RaThemeOptions } from 'react-admin';
import { BrowserRouter, Navigate, Outlet, Route } from 'react-router-dom';
import { useEffect } from 'react';
import { LoginPage } from './auth/login-page.js';
import { RequireAuth } from './auth/require-auth.js';
import { THEME } from './constants.js';
import { ToasterProvider } from './layout/toaster.js';
import { PublicationDetail } from './publications/publication-detail.js';
import { Dashboard } from './publications/dashboard.js';
import { authProvider } from './providers/auth-provider.js';
import { dataProvider } from './providers/data-provider.js';
import { createQueryClient } from './providers/query-client.js';

const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: { primary: { main: THEME.primary } },
  typography: { fontFamily: 'Inter, system-ui, sans-serif' },
  breakpoints: { values: { xs: 0, sm: THEME.breakpoints.sm, md: THEME.breakpoints.md, lg: THEME.breakpoints.lg, xl: THEME.breakpoints.xl } },
};

const queryClient = createQueryClient();

/** Paths outside the admin belong to the public site, which the server renders. */
function LeaveAdmin() {
  useEffect(() => {
    const path = window.location.pathname;
    if (path === '/admin' || path.startsWith('/admin/')) return;
    window.location.replace('/');
  }, []);
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  return path.startsWith('/admin') ? <Navigate to="/admin" replace /> : null;
}

export function App() {
  return (
    <ToasterProvider>
      {/* Real paths (/login, /admin/...), not react-admin's default hash router. */}
      <BrowserRouter>
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
        theme={theme}
        loginPage={false}
        catchAll={LeaveAdmin}
        disableTelemetry
        title="Admin"
      >
        <Resource name="publications" />
        <Resource name="poems" />
        <CustomRoutes noLayout>
          <Route path="/login" element={<LoginPage />} />
          <Route
            path="/admin"
            element={
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            }
          >
            <Route index element={<Dashboard />} />
            <Route path="publication/:id" element={<PublicationDetail />} />
            <Route path="*" element={<Navigate to="/admin" replace />} />
          </Route>
        </CustomRoutes>
      </Admin>
      </BrowserRouter>
    </ToasterProvider>
  );
}
