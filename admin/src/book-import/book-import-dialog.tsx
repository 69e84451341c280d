import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useReducer, useState, type ComponentType } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import type { BookImport } from '../../../contracts/book-import.js';
import type { Publication } from '../../../contracts/catalog.js';
import { THEME } from '../constants.js';
import {
  bookImportReducer,
  canClose,
  closeConfirmation,
  initialBookImportState,
  isBusy,
  showsStatus,
  type BookImportState,
} from './book-import.machine.js';
import type { BookImportStepProps } from './steps/book-import-step.js';
import { ChooseFilesStep } from './steps/choose-files-step.js';
import { ImportStatusStep } from './steps/import-status-step.js';
import { useBookImportActions } from './use-book-import-actions.js';
import { useBookImport } from './use-book-import.js';

/** The view of the dialog's state: the files until the server reads them, then the import's progress. */
function stepView(state: BookImportState, latest: BookImport | null | undefined): ComponentType<BookImportStepProps> {
  return showsStatus(state, latest) && latest ? ImportStatusStep : ChooseFilesStep;
}

/**
 * "Import a whole book" (issue 22): any number of page photos and PDFs, ordered by name as people
 * number them, reordered or removed, then sent one per request in order and read by the server as
 * one import; the dialog then shows its progress, as the publication does once it is closed. In
 * the wizard's shape: a reducer holds the flow (book-import.machine.ts), one hook makes the server
 * calls (use-book-import-actions.ts), and each step is a component (steps/).
 */
export function BookImportDialog({ publication }: { publication: Publication }) {
  const translate = useTranslate();
  const { data: latest } = useBookImport(publication.id);
  const [state, dispatch] = useReducer(bookImportReducer, undefined, initialBookImportState);
  const actions = useBookImportActions({ publication, latest, state, dispatch });
  const [asking, setAsking] = useState<ReturnType<typeof closeConfirmation>>(null);

  // Chosen files would be lost, or files sent removed: ask first, as the wizard does.
  const close = () => {
    if (!canClose(state)) return;
    const confirm = showsStatus(state, latest) ? null : closeConfirmation(state);
    if (confirm) setAsking(confirm);
    else actions.closeNow();
  };
  const Step = stepView(state, latest);

  return (
    <Dialog
      open
      onClose={(_e, reason) => {
        if (reason === 'backdropClick' && isBusy(state)) return;
        close();
      }}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: THEME.wizardMaxWidth, width: '100%' } } }}
      aria-labelledby="book-import-title"
    >
      <DialogTitle id="book-import-title">{translate('archive.book_import.title')}</DialogTitle>
      <Step publication={publication} state={state} latest={latest} dispatch={dispatch} actions={actions} close={close} />
      <Confirm
        isOpen={asking !== null}
        title="archive.confirm.close_title"
        content={asking?.key ?? ''}
        onConfirm={() => {
          const cancelsImport = asking?.cancelsImport;
          setAsking(null);
          if (cancelsImport) void actions.cancel();
          else actions.closeNow();
        }}
        onClose={() => setAsking(null)}
      />
    </Dialog>
  );
}
