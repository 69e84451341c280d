import Box from '@mui/material/Box';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Publication } from '../../../contracts/catalog.js';
import { serverText } from '../../../contracts/errors.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { detailPath } from '../publications/publication-card.js';
import { useRefreshCatalog } from '../publications/use-publication-actions.js';
import { BookImportStatus, useDismissed } from './book-import-status.js';
import { useBookImport } from './use-book-import.js';

export const IMPORT_ROUTE = 'import';

/** Takes the curator to the publication's poems, the list an import adds to. */
export function scrollToPoems() {
  const heading = document.getElementById('poems-heading');
  heading?.scrollIntoView({ block: 'start' });
  heading?.setAttribute('tabindex', '-1');
  heading?.focus({ preventScroll: true });
}

/**
 * The publication's running or last whole-book import on its detail page: the server reads a
 * book whatever the tab does, so opening the publication again shows where it is. A finished
 * one's summary stays until dismissed; while the import dialog is open, it shows there instead.
 */
export function BookImportPanel({ publication }: { publication: Publication }) {
  const { data: run } = useBookImport(publication.id);
  const [dismissed, dismiss] = useDismissed(run?.id);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const dp = useDataProvider<ArchiveDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefreshCatalog();
  if (!run || pathname.endsWith(`/${IMPORT_ROUTE}`)) return null;
  if ((run.state === 'finished' || run.state === 'failed') && dismissed) return null;
  return (
    <Box component="section" sx={{ mb: 3 }}>
      <BookImportStatus
        run={run}
        onSeePoems={scrollToPoems}
        onDismiss={dismiss}
        onChooseAgain={() => navigate(`${detailPath(publication)}/${IMPORT_ROUTE}`)}
        onCancel={async () => {
          try {
            await dp.cancelBookImport(run.id);
            notify('archive.book_import.cancelled', { type: 'success' });
          } catch (err) {
            const message = serverText(err) ?? (err instanceof Error ? err.message : translate('archive.errors.try_again'));
            notify('archive.book_import.cancel_failed', { type: 'error', messageArgs: { message } });
          }
          await refresh();
        }}
      />
    </Box>
  );
}
