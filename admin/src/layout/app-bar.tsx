import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useLogout, useTranslate } from 'react-admin';
import { DownloadBackupButton } from '../backup/download-backup-button.js';
import { LOGIN_PATH } from '../providers/auth-provider.js';
import { ConfirmButton } from './confirm-button.js';

/** Logout, after the spec's confirm; react-admin's logout clears the session and goes to /login. */
export function LogoutButton() {
  const logout = useLogout();
  return (
    <ConfirmButton
      color="inherit"
      label={useTranslate()('archive.dashboard.logout')}
      confirmTitle="archive.dashboard.logout_title"
      confirmContent="archive.dashboard.logout_confirm"
      onConfirm={() => logout({}, LOGIN_PATH, false)}
    />
  );
}

/**
 * The bar above every admin screen: the public site in a new tab, the backup download, and Logout. react-admin's own
 * app bar opens a side menu the archive does not need (it has one resource) and puts each page's
 * title in an h6 above the page's own h1.
 */
export function ArchiveAppBar() {
  const translate = useTranslate();
  return (
    <AppBar position="fixed" elevation={1}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <Typography component="p" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {translate('archive.app.name')}
        </Typography>
        <Button color="inherit" href="/" target="_blank" rel="noopener noreferrer">
          {translate('archive.dashboard.public_site')}
        </Button>
        <DownloadBackupButton />
        <LogoutButton />
      </Toolbar>
    </AppBar>
  );
}
