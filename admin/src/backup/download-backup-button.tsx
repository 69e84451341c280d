import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useNotify, useTranslate } from 'react-admin';

/** The server's staff-only backup: the whole archive as one file (src/archive). */
export const BACKUP_URL = '/api/archive/backup/';

/**
 * "Download backup" in the app bar. A plain link, so the browser's own download saves the file
 * as it streams (it can be gigabytes of page photos) with its progress and its place on disk; the
 * session cookie goes with it like with any admin request.
 */
export function DownloadBackupButton() {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Tooltip title={translate('archive.backup.hint')} describeChild>
      <Button
        color="inherit"
        href={BACKUP_URL}
        download
        startIcon={<DownloadIcon />}
        onClick={() => notify('archive.backup.started', { type: 'info' })}
      >
        {translate('archive.backup.download')}
      </Button>
    </Tooltip>
  );
}
