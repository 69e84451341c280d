import LibraryBooksIcon from '@mui/icons-material/LibraryBooks';
import PeopleIcon from '@mui/icons-material/People';
import FeedbackIcon from '@mui/icons-material/Feedback';
import PortraitIcon from '@mui/icons-material/Portrait';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useGetList, useLogout, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { DownloadBackupButton } from '../backup/download-backup-button.js';
import { LOGIN_PATH } from '../providers/auth-provider.js';
import { ConfirmButton } from './confirm-button.js';
import { ArchiveButton } from './archive-button.js';

/** Logout, after the spec's confirm; react-admin's logout clears the session and goes to /login. */
export function LogoutButton() {
  const logout = useLogout();
  return (
    <ConfirmButton
      variant="ghost"
      color="inherit"
      label={useTranslate()('archive.dashboard.logout')}
      confirmTitle="archive.dashboard.logout_title"
      confirmContent="archive.dashboard.logout_confirm"
      onConfirm={() => logout({}, LOGIN_PATH, false)}
    />
  );
}

/** A screen of the admin: its name beside its icon, the icon alone on a phone (the name stays for assistive technology). */
function NavButton({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <ArchiveButton
      variant="ghost"
      color="inherit"
      component={Link}
      to={to}
      aria-label={label}
      startIcon={icon}
      sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 } } }}
    >
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {label}
      </Box>
    </ArchiveButton>
  );
}

/**
 * Reports, with the count of open ones after its name (a page of one report asks the server for the
 * count alone). The count follows the name so that what is read out starts with what is shown.
 */
function ReportsButton() {
  const translate = useTranslate();
  const { total = 0 } = useGetList('reports', { filter: { status: 'open' }, pagination: { page: 1, perPage: 1 } }, { staleTime: 60_000 });
  const label = translate('archive.nav.reports');
  return (
    <ArchiveButton
      variant="ghost"
      color="inherit"
      component={Link}
      to="/admin/reports"
      aria-label={total > 0 ? translate('archive.nav.reports_open', { count: total }) : label}
      startIcon={<FeedbackIcon />}
      sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 } } }}
    >
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {label}
      </Box>{' '}
      {total > 0 && (
        <Box
          component="span"
          sx={{
            ml: 0.5,
            px: 0.75,
            minWidth: '1.5em',
            borderRadius: 8,
            bgcolor: 'error.main',
            color: 'error.contrastText',
            fontSize: '0.75rem',
            fontWeight: 700,
            lineHeight: 1.6,
          }}
        >
          {total > 99 ? '99+' : total}
        </Box>
      )}
    </ArchiveButton>
  );
}

/**
 * The bar above every admin screen: the admin's screens, the public site in a new tab, the backup download, and Logout. react-admin's own
 * app bar opens a side menu the archive does not need (it has one resource) and puts each page's
 * title in an h6 above the page's own h1.
 */
export function ArchiveAppBar() {
  const translate = useTranslate();
  return (
    <AppBar position="fixed" elevation={1}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <Typography component="p" variant="subtitle1" sx={{ flex: 1, fontWeight: 600, display: { xs: 'none', sm: 'block' } }}>
          {translate('archive.app.name')}
        </Typography>
        <nav aria-label={translate('archive.nav.label')} style={{ display: 'flex' }}>
          <NavButton to="/admin" label={translate('archive.nav.dashboard')} icon={<LibraryBooksIcon />} />
          <NavButton to="/admin/settings" label={translate('archive.nav.settings')} icon={<PortraitIcon />} />
          <NavButton to="/admin/curators" label={translate('archive.nav.curators')} icon={<PeopleIcon />} />
          <ReportsButton />
        </nav>
        <ArchiveButton variant="ghost" color="inherit" href="/" target="_blank" rel="noopener noreferrer">
          {translate('archive.dashboard.public_site')}
        </ArchiveButton>
        <DownloadBackupButton />
        <LogoutButton />
      </Toolbar>
    </AppBar>
  );
}
