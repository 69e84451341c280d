import { Suspense, useEffect } from 'react';
import { AdminContext, AdminUI, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider, Routes, useParams } from 'react-router-dom';
import { i18nProvider } from './i18n/i18n-provider.js';
import { ArchiveLayout } from './layout/archive-layout.js';
import { lazyScreen } from './layout/chunk-reload.js';
import { theme } from './layout/theme.js';
import { Toasts } from './layout/toasts.js';
import { ValidatingSession } from './layout/validating-session.js';
import { authProvider } from './providers/auth-provider.js';
import { dataProvider } from './providers/data-provider.js';
import { createQueryClient } from './providers/query-client.js';

// Each screen's code loads when it is first visited (react-admin's layout shows a fallback meanwhile);
// a chunk gone after a new deploy reloads the page once.
const LoginPage = lazyScreen(() => import('./auth/login-page.js').then((m) => ({ default: m.LoginPage })));
const PublicationList = lazyScreen(() => import('./publications/publication-list.js').then((m) => ({ default: m.PublicationList })));
const PublicationShow = lazyScreen(() => import('./publications/publication-show.js').then((m) => ({ default: m.PublicationShow })));
const PublicationEdit = lazyScreen(() => import('./publications/publication-edit.js').then((m) => ({ default: m.PublicationEdit })));
const PublicationCreate = lazyScreen(() => import('./publications/publication-create.js').then((m) => ({ default: m.PublicationCreate })));
const PoemHistoryScreen = lazyScreen(() => import('./history/index.js').then((m) => ({ default: m.PoemHistoryScreen })));
const PublicationHistoryScreen = lazyScreen(() => import('./history/index.js').then((m) => ({ default: m.PublicationHistoryScreen })));
const CuratorList = lazyScreen(() => import('./curators/curator-list.js').then((m) => ({ default: m.CuratorList })));
const CuratorCreate = lazyScreen(() => import('./curators/curator-create.js').then((m) => ({ default: m.CuratorCreate })));
const ReportList = lazyScreen(() => import('./reports/report-list.js').then((m) => ({ default: m.ReportList })));
const MemorialSettingsEdit = lazyScreen(() =>
  import('./settings/memorial-settings-edit.js').then((m) => ({ default: m.MemorialSettingsEdit })),
);

const queryClient = createQueryClient();

/** The toasts are the whole app's (below), not the admin screens': see Archive. */
const NoNotification = () => null;

/** react-admin's own URLs for a publication lead to the spec's: /admin/publication/{id}. */
function ToDetail({ suffix = '' }: { suffix?: string }) {
  const { id = '' } = useParams();
  return <Navigate to={`/admin/publication/${encodeURIComponent(id)}${suffix}`} replace />;
}
const ToDashboard = () => <Navigate to="/admin" replace />;

/** Paths outside the admin belong to the public site, which the server renders. */
function LeaveAdmin() {
  useEffect(() => window.location.replace('/'), []);
  return null;
}

/** The admin's screens under /admin: react-admin's UI with the publications and poems resources. */
function ArchiveAdmin() {
  return (
    <AdminUI
      layout={ArchiveLayout}
      notification={NoNotification}
      dashboard={PublicationList}
      loading={ValidatingSession}
      catchAll={ToDashboard}
      loginPage={false}
      requireAuth
      disableTelemetry
    >
      <Resource
        name="publications"
        list={ToDashboard}
        show={<ToDetail />}
        edit={<ToDetail suffix="/edit" />}
        create={PublicationCreate}
        recordRepresentation="title"
      />
      <Resource name="poems" recordRepresentation="title" />
      <Resource name="settings" />
      <Resource name="curators" list={CuratorList} create={CuratorCreate} recordRepresentation="username" />
      <Resource name="reports" list={ReportList} />
      <CustomRoutes>
        <Route path="/publication/:id/edit" element={<PublicationEdit />} />
        <Route path="/publication/:id/history" element={<PublicationHistoryScreen />} />
        <Route path="/publication/:id/poems/:poemId/history" element={<PoemHistoryScreen />} />
        <Route path="/publication/:id/*" element={<PublicationShow />} />
        <Route path="/settings" element={<MemorialSettingsEdit />} />
      </CustomRoutes>
    </AdminUI>
  );
}

/** /login at the spec's path, outside the /admin routes but inside the same react-admin context. */
function Login() {
  return (
    <Suspense fallback={null}>
      <LoginPage />
    </Suspense>
  );
}

function Archive() {
  return (
    <AdminContext
      basename="/admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      theme={theme}
    >
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/admin/*" element={<ArchiveAdmin />} />
        <Route path="*" element={<LeaveAdmin />} />
      </Routes>
      {/* Beside the routes rather than inside the admin's, so a toast raised as a session ends (its
          reason) stays up on the login page. */}
      <Toasts />
    </AdminContext>
  );
}

/**
 * Real paths (/login, /admin/...) rather than react-admin's default hash router, in a data router:
 * react-admin's warning on leaving a form with unsaved changes needs one to block the navigation.
 */
const router = createBrowserRouter([{ path: '*', element: <Archive /> }]);

export function App() {
  return <RouterProvider router={router} />;
}
