import { describe, expect, it } from 'vitest';
import type { BookImport, BookImportState as ServerState } from '../../../contracts/book-import.js';
import type { BookFile } from './book-files.js';
import {
  anySent,
  bookImportReducer as reduce,
  canClose,
  canStart,
  closeConfirmation,
  importToFill,
  initialBookImportState,
  isBusy,
  isSending,
  refusedFile,
  showsStatus,
  type BookImportEvent,
  type BookImportState,
} from './book-import.machine.js';

const file = (name: string): BookFile => ({
  id: name,
  file: { name, type: 'image/jpeg' } as File,
  kind: 'photo',
  preview: null,
  status: 'waiting',
});
const run = (events: BookImportEvent[], from = initialBookImportState()): BookImportState => events.reduce(reduce, from);
const names = (state: BookImportState) => state.files.map((f) => f.file.name);
const serverImport = (id: number, state: ServerState): BookImport => ({
  id,
  publication_id: 1,
  state,
  files_received: 1,
  pages_total: 1,
  pages_drawn: 1,
  pages_done: 0,
  poems_so_far: 0,
  poems_added: 0,
  duplicates_ignored: 0,
  failed_pages: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const chosen = (...files: string[]) => run([{ type: 'FILES_ADDED', files: files.map(file) }]);

describe('choosing the files', () => {
  it('opens with nothing chosen and nothing to ask about on closing; Start stays offered (it says to choose a file)', () => {
    const state = initialBookImportState();
    expect(state).toEqual({ phase: 'choosing', files: [], importId: null, sending: null });
    // Enabled from the start, so it does not look disabled for a moment after a drop.
    expect(canStart(state)).toBe(true);
    expect(closeConfirmation(state)).toBeNull();
  });

  it('puts the files in the order of their names, moves and removes them, and asks before closing would lose them', () => {
    let state = chosen('p10.jpg', 'p2.jpg', 'p1.jpg');
    expect(names(state)).toEqual(['p1.jpg', 'p2.jpg', 'p10.jpg']);
    state = run([{ type: 'FILE_MOVED', from: 'p10.jpg', to: 'p1.jpg' }], state);
    expect(names(state)).toEqual(['p10.jpg', 'p1.jpg', 'p2.jpg']);
    state = run([{ type: 'FILE_REMOVED', id: 'p1.jpg' }], state);
    expect(names(state)).toEqual(['p10.jpg', 'p2.jpg']);
    expect(canStart(state)).toBe(true);
    expect(closeConfirmation(state)).toEqual({ key: 'archive.confirm.close_wizard', cancelsImport: false });
  });
});

describe('sending the files and starting the import', () => {
  it('sends each file in turn, saying which of all, then starts; the files cannot be changed meanwhile', () => {
    let state = run(
      [{ type: 'SEND_STARTED' }, { type: 'IMPORT_READY', importId: 7 }, { type: 'FILE_SENDING', id: 'p2.jpg' }],
      chosen('p1.jpg', 'p2.jpg'),
    );
    expect(state).toMatchObject({ phase: 'sending', importId: 7, sending: { n: 2, total: 2 } });
    expect(isBusy(state)).toBe(true);
    expect(canStart(state)).toBe(false);
    const during = run(
      [
        { type: 'FILES_ADDED', files: [file('p3.jpg')] },
        { type: 'FILE_REMOVED', id: 'p1.jpg' },
        { type: 'FILE_MOVED', from: 'p2.jpg', to: 'p1.jpg' },
      ],
      state,
    );
    expect(names(during)).toEqual(['p1.jpg', 'p2.jpg']);

    state = run([{ type: 'FILE_SENT', id: 'p1.jpg' }, { type: 'FILE_SENT', id: 'p2.jpg' }, { type: 'START_REQUESTED' }], state);
    expect(state).toMatchObject({ phase: 'starting', sending: null });
    // Not closed while it is asked to start: it would be cancelled as it starts.
    expect(canClose(state)).toBe(false);
    state = reduce(state, { type: 'STARTED' });
    expect(state.phase).toBe('started');
    expect(showsStatus(state, undefined)).toBe(true);
    expect(closeConfirmation(state)).toBeNull();
    expect(reduce(state, { type: 'CANCEL_STARTED' })).toBe(state);
  });

  it('does not start sending with no file chosen', () => {
    expect(reduce(initialBookImportState(), { type: 'SEND_STARTED' }).phase).toBe('choosing');
  });

  it('after a refused file, keeps the files sent, says which was refused, and sends the rest into the same import once it is removed', () => {
    let state = run(
      [
        { type: 'SEND_STARTED' },
        { type: 'IMPORT_READY', importId: 7 },
        { type: 'FILE_SENDING', id: 'p1.jpg' },
        { type: 'FILE_SENT', id: 'p1.jpg' },
        { type: 'FILE_SENDING', id: 'p2.jpg' },
        { type: 'FILE_REFUSED', id: 'p2.jpg', error: 'The photo is empty (0 bytes)' },
      ],
      chosen('p1.jpg', 'p2.jpg', 'p3.jpg'),
    );
    expect(state).toMatchObject({ phase: 'choosing', sending: null, importId: 7 });
    expect(refusedFile(state)).toMatchObject({ id: 'p2.jpg', error: 'The photo is empty (0 bytes)' });
    expect(anySent(state)).toBe(true);
    expect(canStart(state)).toBe(false);
    state = reduce(state, { type: 'FILE_REMOVED', id: 'p2.jpg' });
    expect(canStart(state)).toBe(true);
    expect(importToFill(state, serverImport(3, 'receiving'))).toBe(7);
  });

  it('cancels the import once files were sent to it: asked first, the files held meanwhile, and kept as they were if it fails', () => {
    const refused = run(
      [
        { type: 'SEND_STARTED' },
        { type: 'IMPORT_READY', importId: 7 },
        { type: 'FILE_SENT', id: 'p1.jpg' },
        { type: 'FILE_REFUSED', id: 'p2.jpg', error: 'empty' },
      ],
      chosen('p1.jpg', 'p2.jpg'),
    );
    expect(closeConfirmation(refused)).toEqual({ key: 'archive.book_import.cancel_confirm', cancelsImport: true });
    // Sending under way (the import made, nothing sent yet): closing cancels it too.
    const sending = run([{ type: 'SEND_STARTED' }, { type: 'IMPORT_READY', importId: 8 }], chosen('p1.jpg'));
    expect(closeConfirmation(sending)?.cancelsImport).toBe(true);
    expect(canClose(sending)).toBe(true);

    const cancelling = reduce(sending, { type: 'CANCEL_STARTED' });
    expect(cancelling).toMatchObject({ phase: 'cancelling', sending: null });
    expect(isBusy(cancelling)).toBe(true);
    expect(isSending(cancelling)).toBe(false);
    expect(canClose(cancelling)).toBe(false);
    expect(canStart(cancelling)).toBe(false);
    expect(names(reduce(cancelling, { type: 'FILE_REMOVED', id: 'p1.jpg' }))).toEqual(['p1.jpg']);
    expect(reduce(cancelling, { type: 'CANCEL_FAILED' })).toMatchObject({ phase: 'choosing', importId: 8 });
    expect(reduce(refused, { type: 'CANCEL_FAILED' })).toBe(refused);
  });

  it('goes back to the files when sending or starting fails for another reason', () => {
    const state = run([{ type: 'SEND_STARTED' }, { type: 'FILE_SENDING', id: 'p1.jpg' }, { type: 'SEND_FAILED' }], chosen('p1.jpg'));
    expect(state).toMatchObject({ phase: 'choosing', sending: null });
    expect(canStart(state)).toBe(true);
  });
});

describe('an import already on the publication', () => {
  it('is shown, not started again, while the server reads it', () => {
    const state = initialBookImportState();
    expect(showsStatus(state, serverImport(3, 'reading'))).toBe(true);
    expect(showsStatus(state, serverImport(3, 'assembling'))).toBe(true);
    expect(showsStatus(state, serverImport(3, 'finished'))).toBe(false);
    expect(showsStatus(state, null)).toBe(false);
  });

  it('takes the files a closed tab left unsent when it is still receiving; otherwise a new import is made', () => {
    const state = initialBookImportState();
    expect(importToFill(state, serverImport(3, 'receiving'))).toBe(3);
    expect(importToFill(state, serverImport(3, 'finished'))).toBeNull();
    expect(importToFill(state, null)).toBeNull();
  });
});
