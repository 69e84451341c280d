import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { MAX_BOOK_IMPORT_PAGES } from '../../../../contracts/book-import.js';
import { FileDropZone } from '../../uploads/file-drop-zone.js';
import { BOOK_FILE_RULES } from '../../uploads/file-rules.js';
import { BookFileList } from '../book-file-list.js';
import { anySent, canClose, canStart, isBusy, isSending, refusedFile, type BookImportState } from '../book-import.machine.js';
import { BookImportStepLayout, type BookImportStepProps } from './book-import-step.js';
import { ArchiveButton } from '../../layout/archive-button.js';

/** How far the sending has come: the file being sent, then the start. */
function SendingProgress({ sending }: { sending: BookImportState['sending'] }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      <LinearProgress
        variant={sending ? 'determinate' : 'indeterminate'}
        value={sending ? Math.round(((sending.n - 1) / sending.total) * 100) : 0}
        aria-label={translate('archive.book_import.progress_label')}
      />
      <Typography data-testid="book-import-sending">
        {sending ? translate('archive.book_import.sending', sending) : translate('archive.book_import.starting')}
      </Typography>
    </Stack>
  );
}

/**
 * The book's files: dropped or chosen, in the order of their names, dragged into another order or
 * removed; then Start Import sends them and starts it. A file the server refuses says why, and the
 * ones already sent keep their places.
 */
export function ChooseFilesStep({ publication, state, dispatch, actions, close }: BookImportStepProps) {
  const translate = useTranslate();
  const { files } = state;
  const busy = isBusy(state);
  const refused = refusedFile(state);
  const buttons = (
    <>
      <ArchiveButton variant="ghost" onClick={close} loading={state.phase === 'cancelling'} disabled={!canClose(state)}>
        {translate('archive.book_import.cancel')}
      </ArchiveButton>
      <ArchiveButton variant="primary" onClick={actions.start} loading={isSending(state)} disabled={!canStart(state)}>
        {translate(anySent(state) ? 'archive.book_import.continue' : 'archive.book_import.start')}
      </ArchiveButton>
    </>
  );
  return (
    <BookImportStepLayout publication={publication} buttons={buttons}>
      <FileDropZone
        rules={BOOK_FILE_RULES}
        held={files.length}
        // Each file is at least a page: past the import's limit the rest are left out, and it says so.
        onFiles={actions.addFiles}
        label={translate('archive.book_import.drop')}
        counter={translate('archive.book_import.count', { smart_count: files.length })}
        counterTestId="book-file-count"
        tooManyMessage={translate('archive.book_import.too_many', { max: MAX_BOOK_IMPORT_PAGES.toLocaleString('en-US') })}
        disabled={busy}
        testId="book-drop-zone"
      />
      {refused ? (
        <Alert severity="error" role="alert">
          {translate('archive.book_import.refused', { name: refused.file.name, message: refused.error ?? '' })}{' '}
          {translate('archive.book_import.refused_help')}
        </Alert>
      ) : null}
      {files.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('archive.book_import.order_help')}
        </Typography>
      ) : null}
      <BookFileList
        files={files}
        disabled={busy}
        onMove={(from, to) => dispatch({ type: 'FILE_MOVED', from, to })}
        onRemove={actions.removeFile}
      />
      {isSending(state) ? <SendingProgress sending={state.sending} /> : null}
    </BookImportStepLayout>
  );
}
