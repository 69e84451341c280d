import { describe, expect, it } from 'vitest';
import type { BookImport, BookImportState as ServerState } from '../../../contracts/book-import.js';
import type { BookFile } from './book-files.js';
import {
  anySent,
  bookImportReducer as reduce,
  canStart,
  closeConfirmation,
  importToFill,
  initialBookImportState,
  isBusy,
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
  it('opens with nothing chosen, nothing to start and nothing to ask about on closing', () => {
    const state = initialBookImportState();
    expect(state).toEqual({ phase: 'choosing', files: [], importId: null, sending: null });
    expect(canStart(state)).toBe(false);
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
    expect(closeConfirmation(state)).toBe('archive.confirm.close_wizard');
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
    state = reduce(state, { type: 'STARTED' });
    expect(state.phase).toBe('started');
    expect(showsStatus(state, undefined)).toBe(true);
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
    expect(closeConfirmation(state)).toBe('archive.book_import.close_confirm');
    state = reduce(state, { type: 'FILE_REMOVED', id: 'p2.jpg' });
    expect(canStart(state)).toBe(true);
    expect(importToFill(state, serverImport(3, 'receiving'))).toBe(7);
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
