import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Publication } from '../../../contracts/catalog.js';
import { serverText } from '../../../contracts/errors.js';
import type { ArchiveDataProvider, ScanProgress } from '../providers/data-provider.js';
import { useRefreshCatalog } from './use-publication-actions.js';

/**
 * Reprocess (SPEC section 4): the server reads every stored page photograph of the book again and
 * adds the poems not already in it, as a scan job; the button shows the job's progress.
 */
export function ReprocessButton({ publication }: { publication: Publication }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshCatalog();
  const dp = useDataProvider<ArchiveDataProvider>();
  const [progress, setProgress] = useState<ScanProgress | null>(null);
  const run = useMutation({
    mutationFn: () => dp.reprocess(publication.id, { onProgress: setProgress }),
    onSuccess: (result) => notify('archive.notify.reprocess_done', { type: 'success', messageArgs: { smart_count: result.extracted_poems } }),
    onError: (err) => notify('archive.notify.reprocess_failed', { type: 'error', messageArgs: { message: serverText(err) ?? (err instanceof Error ? err.message : '') } }),
    onSettled: () => {
      setProgress(null);
      void refresh();
    },
  });
  const percent = progress?.pagesTotal ? Math.round((progress.pagesDone / progress.pagesTotal) * 100) : 0;
  return (
    <Stack spacing={1}>
      <Button
        variant="outlined"
        startIcon={<RefreshIcon />}
        loading={run.isPending}
        loadingPosition="start"
        onClick={() => run.mutate()}
        disabled={!!publication.deleted_at}
        title={translate('archive.detail.reprocess_help')}
      >
        {translate('archive.action.reprocess')}
      </Button>
      {run.isPending ? (
        <Stack spacing={0.5} role="status" aria-live="polite" sx={{ minWidth: 240 }}>
          <LinearProgress
            variant={progress && progress.state !== 'queued' && progress.pagesTotal ? 'determinate' : 'indeterminate'}
            value={percent}
            aria-label={translate('archive.wizard.scan_progress_label')}
          />
          <Typography variant="body2" color="text.secondary" data-testid="reprocess-progress">
            {progress && progress.state !== 'queued' && progress.pagesTotal
              ? translate('archive.detail.reprocess_progress', { done: progress.pagesDone, total: progress.pagesTotal })
              : translate('archive.detail.reprocess_queued')}
          </Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}
