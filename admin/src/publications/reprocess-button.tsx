import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { Publication } from '../../../contracts/catalog.js';
import { serverText } from '../../../contracts/errors.js';
import type { UnscannedPages } from '../../../contracts/scanning.js';
import { API_BASE, type ArchiveDataProvider, type ScanProgress } from '../providers/data-provider.js';
import { httpClient } from '../providers/http-client.js';
import { useRefreshCatalog } from './use-publication-actions.js';
import { ArchiveButton } from '../layout/archive-button.js';

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
    onSuccess: (result) =>
      notify('archive.notify.reprocess_done', { type: 'success', messageArgs: { smart_count: result.extracted_poems } }),
    onError: (err) =>
      notify('archive.notify.reprocess_failed', {
        type: 'error',
        messageArgs: { message: serverText(err) ?? (err instanceof Error ? err.message : '') },
      }),
    onSettled: () => {
      setProgress(null);
      void refresh();
    },
  });
  const percent = progress?.pagesTotal ? Math.round((progress.pagesDone / progress.pagesTotal) * 100) : 0;
  return (
    <Stack spacing={1}>
      <ArchiveButton
        variant="outline"
        startIcon={<RefreshIcon />}
        loading={run.isPending}
        loadingPosition="start"
        onClick={() => run.mutate()}
        disabled={!!publication.deleted_at}
        title={translate('archive.detail.reprocess_help')}
      >
        {translate('archive.action.reprocess')}
      </ArchiveButton>
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

/** How often the notice looks again while pages are still being scanned. */
const WAITING_POLL_MS = 3000;

/**
 * The publication's stored page photos that no scan has read to the end (GET
 * /publications/{id}/unscanned_pages/). Under the 'publications' key, so every refresh of the
 * catalog (a reprocess finishing) asks again; while pages are still being scanned it asks every
 * few seconds, and refreshes the poems once they are done.
 */
export function useUnscannedPages(publication: Publication | undefined): UnscannedPages | undefined {
  const refresh = useRefreshCatalog();
  const id = publication?.id;
  const { data } = useQuery({
    queryKey: ['publications', 'unscanned_pages', String(id)],
    queryFn: async ({ signal }) => (await httpClient<UnscannedPages>(`${API_BASE}/publications/${id}/unscanned_pages/`, { signal })).json,
    enabled: id !== undefined && !publication?.deleted_at,
    refetchInterval: (query) => (query.state.data?.waiting ? WAITING_POLL_MS : false),
  });
  const waited = useRef(false);
  useEffect(() => {
    if (data?.waiting) waited.current = true;
    else if (data && waited.current) {
      waited.current = false;
      void refresh();
    }
  }, [data, refresh]);
  return data;
}

/**
 * Says so when stored page photos have given no poems because their scan did not finish (it
 * failed, or was lost), with Reprocess to read them again; and when pages are still being scanned.
 */
export function UnscannedPagesNotice({ publication, pages }: { publication: Publication; pages: UnscannedPages | undefined }) {
  const translate = useTranslate();
  if (!pages || publication.deleted_at) return null;
  if (pages.unscanned > 0) {
    return (
      <Alert
        severity="warning"
        sx={{ mb: 3, alignItems: 'flex-start', '& .MuiAlert-action': { pt: 0.5 } }}
        action={<ReprocessButton publication={publication} />}
      >
        <AlertTitle component="h2">{translate('archive.detail.unscanned_title')}</AlertTitle>
        {translate('archive.detail.unscanned_pages', { smart_count: pages.unscanned })}
      </Alert>
    );
  }
  if (pages.waiting > 0) {
    return (
      <Alert severity="info" role="status" sx={{ mb: 3 }}>
        {translate('archive.detail.scanning_pages', { smart_count: pages.waiting })}
      </Alert>
    );
  }
  return null;
}
