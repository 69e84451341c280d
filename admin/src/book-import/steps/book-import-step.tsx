import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dispatch, ReactNode } from 'react';
import type { BookImport } from '../../../../contracts/book-import.js';
import type { Publication } from '../../../../contracts/catalog.js';
import type { BookImportEvent, BookImportState } from '../book-import.machine.js';
import type { BookImportActions } from '../use-book-import-actions.js';

/** What every step of the import dialog is given: a step renders state, dispatches edits and calls actions. */
export interface BookImportStepProps {
  publication: Publication;
  state: BookImportState;
  /** The publication's latest import, as the server last said. */
  latest: BookImport | null | undefined;
  dispatch: Dispatch<BookImportEvent>;
  /** The server calls (use-book-import-actions.ts). */
  actions: BookImportActions;
  /** Closes the dialog, asking first when something would be lost. */
  close: () => void;
}

/** A step's frame inside the dialog: the publication's title, the step's body and its buttons. */
export function BookImportStepLayout({
  publication,
  buttons,
  children,
}: {
  publication: Publication;
  buttons: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography component="h3" variant="h6">
            <bdi>{publication.title}</bdi>
          </Typography>
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>{buttons}</DialogActions>
    </>
  );
}
