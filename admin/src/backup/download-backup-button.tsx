import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useNotify, useTranslate } from 'react-admin';
import { ArchiveButton } from '../layout/archive-button.js';

/** The server's staff-only backup: the whole archive as one file (src/archive). */
export const BACKUP_URL = '/api/archive/backup/';

/**
 * "Download backup" in the app bar. A plain link, so the browser's own download saves the file
 * as it streams (it can be gigabytes of page photos) with its progress and its place on disk; the
 * session cookie goes with it like with any admin request. On a phone only its icon shows, so
 * the bar still fits; its name stays for assistive technology.
 */
export function DownloadBackupButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const label = translate('archive.backup.download');
  return (
    <Tooltip title={translate('archive.backup.hint')} describeChild>
      <ArchiveButton
        variant="ghost"
        color="inherit"
        href={BACKUP_URL}
        download
        aria-label={label}
        startIcon={<DownloadIcon />}
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        onClick={() => notify('archive.backup.started', { type: 'info' })}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {label}
        </Box>
      </ArchiveButton>
    </Tooltip>
  );
}
