import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { BookImport } from '../../../contracts/book-import.js';
import { serverText } from '../../../contracts/errors.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { durationText, nextPace, timeLeftMs, type Pace } from './reading-pace.js';
import { bookImportKey, isRunning } from './use-book-import.js';
import { ArchiveButton } from '../layout/archive-button.js';

const dismissedKey = (id: number) => `archive-book-import-dismissed-${id}`;

/** A finished import's summary stays on the publication until the curator dismisses it (in this browser). */
export function useDismissed(importId: number | undefined): [boolean, () => void] {
  const [, rerender] = useState(0);
  const dismissed = importId !== undefined && localStorage.getItem(dismissedKey(importId)) === '1';
  return [
    dismissed,
    () => {
      if (importId === undefined) return;
      localStorage.setItem(dismissedKey(importId), '1');
      rerender((n) => n + 1);
    },
  ];
}

/** Milliseconds the import still has to read, at the pace of the pages read while this was shown (null: not known yet). */
function useTimeLeft(run: BookImport): number | null {
  const [pace, setPace] = useState<Pace | null>(null);
  const reading = run.state === 'reading';
  useEffect(() => {
    if (reading) setPace((p) => nextPace(p, run.id, { at: Date.now(), done: run.pages_done }));
  }, [reading, run.id, run.pages_done]);
  return reading && pace?.importId === run.id ? timeLeftMs(pace, run.pages_total) : null;
}

/** Poems are added once the whole book is read, so the list stays as it was until then: said, with how long that should take. */
function WhenPoemsAppear({ run }: { run: BookImport }) {
  const translate = useTranslate();
  const left = useTimeLeft(run);
  const duration = left === null ? null : durationText(left);
  return (
    <Typography variant="body2" data-testid="book-import-time-left">
      {translate('archive.book_import.poems_when_read')}{' '}
      {duration
        ? translate('archive.book_import.time_left', { time: translate(`archive.book_import.${duration.key}`, duration.args) })
        : translate('archive.book_import.time_left_unknown')}
    </Typography>
  );
}

function FailedPages({ run, onRetry, retrying }: { run: BookImport; onRetry: () => void; retrying: boolean }) {
  const translate = useTranslate();
  if (!run.failed_pages.length) return null;
  return (
    <Alert
      severity="warning"
      action={
        isRunning(run.state) ? null : (
          <ArchiveButton variant="ghost" color="inherit" size="sm" loading={retrying} onClick={onRetry}>
            {translate('archive.book_import.retry')}
          </ArchiveButton>
        )
      }
    >
      <AlertTitle component="h3">{translate('archive.book_import.failed_pages', { n: run.failed_pages.length })}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="book-import-failed-pages">
        {run.failed_pages.map((p) => (
          <li key={p.page}>
            {translate(p.pdf_page ? 'archive.book_import.failed_pdf_page' : 'archive.book_import.failed_page', {
              page: p.page,
              file: p.file_name,
              pdf_page: p.pdf_page,
              reason: p.reason,
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * Where a whole-book import is: pages read of all, poems so far, duplicates, the pages that could
 * not be read with why and Retry; once finished, the poems added and a way to them. The same
 * panel shows in the import dialog and on the publication, so a closed tab loses nothing.
 */
export function BookImportStatus({
  run,
  onSeePoems,
  onDismiss,
  onChooseAgain,
  onCancel,
}: {
  run: BookImport;
  onSeePoems: () => void;
  onDismiss?: () => void;
  /** For an import whose files were not all sent: choose them again. */
  onChooseAgain?: () => void;
  /** For an import whose files were not all sent: cancel it, removing the files sent. */
  onCancel?: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dp = useDataProvider<ArchiveDataProvider>();
  const retry = useMutation({
    mutationFn: () => dp.retryBookImport(run.id),
    onSuccess: (next) => queryClient.setQueryData(bookImportKey(run.publication_id), next),
    onError: (err) =>
      notify('archive.book_import.retry_failed', {
        type: 'error',
        messageArgs: { message: serverText(err) ?? (err instanceof Error ? err.message : '') },
      }),
  });
  const title = translate('archive.book_import.panel_title');
  const dismiss = onDismiss ? (
    <ArchiveButton variant="ghost" size="sm" onClick={onDismiss}>
      {translate('archive.book_import.dismiss')}
    </ArchiveButton>
  ) : null;

  if (run.state === 'receiving') {
    return (
      <Alert
        severity="warning"
        data-testid="book-import-status"
        action={
          <Stack direction="row" spacing={1}>
            {onChooseAgain ? (
              <ArchiveButton variant="ghost" color="inherit" size="sm" onClick={onChooseAgain}>
                {translate('archive.book_import.choose_again')}
              </ArchiveButton>
            ) : null}
            {onCancel ? (
              <ConfirmButton
                color="inherit"
                size="sm"
                label={translate('archive.book_import.cancel_import')}
                confirmTitle="archive.book_import.cancel_import"
                confirmContent="archive.book_import.cancel_import_confirm"
                onConfirm={onCancel}
              />
            ) : null}
          </Stack>
        }
      >
        <AlertTitle component="h2">{title}</AlertTitle>
        {translate('archive.book_import.state_receiving', { smart_count: run.files_received })}
      </Alert>
    );
  }
  if (run.state === 'failed') {
    return (
      <Alert severity="error" data-testid="book-import-status" action={dismiss}>
        <AlertTitle component="h2">{title}</AlertTitle>
        {translate('archive.book_import.failed', { message: run.error?.message ?? '' })}
      </Alert>
    );
  }
  if (run.state === 'finished') {
    return (
      <Stack spacing={1} data-testid="book-import-status">
        <Alert
          severity="success"
          role="status"
          action={
            <Stack direction="row" spacing={1}>
              <ArchiveButton variant="ghost" color="inherit" size="sm" onClick={onSeePoems}>
                {translate('archive.book_import.see_poems')}
              </ArchiveButton>
              {dismiss}
            </Stack>
          }
        >
          <AlertTitle component="h2">{translate('archive.book_import.finished', { smart_count: run.poems_added })}</AlertTitle>
          {translate('archive.book_import.finished_detail', { pages: run.pages_total, duplicates: run.duplicates_ignored })}
        </Alert>
        <FailedPages run={run} onRetry={() => retry.mutate()} retrying={retry.isPending} />
      </Stack>
    );
  }
  const percent = run.pages_total ? Math.round((run.pages_done / run.pages_total) * 100) : 0;
  return (
    <Stack spacing={1} data-testid="book-import-status">
      <Alert severity="info" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
        <AlertTitle component="h2">{title}</AlertTitle>
        <Box role="status" aria-live="polite">
          <Typography>
            {translate(run.state === 'assembling' ? 'archive.book_import.state_assembling' : 'archive.book_import.state_reading')}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={translate('archive.book_import.progress_label')}
            sx={{ my: 1 }}
          />
          <Typography data-testid="book-import-pages">
            {translate('archive.book_import.page_of', { done: run.pages_done, total: run.pages_total })}
          </Typography>
          {/* A PDF's pages are drawn by the import as it reads them: said while some are still to draw. */}
          {run.pages_drawn < run.pages_total ? (
            <Typography variant="body2" data-testid="book-import-pages-drawn">
              {translate('archive.book_import.pages_drawn', { drawn: run.pages_drawn, total: run.pages_total })}
            </Typography>
          ) : null}
        </Box>
        {run.state === 'reading' ? <WhenPoemsAppear run={run} /> : null}
        <Typography variant="body2" color="text.secondary">
          {translate('archive.book_import.poems_so_far', { n: run.poems_so_far })} ·{' '}
          {translate('archive.book_import.duplicates', { n: run.duplicates_ignored })}
        </Typography>
      </Alert>
      <FailedPages run={run} onRetry={() => retry.mutate()} retrying={retry.isPending} />
    </Stack>
  );
}
