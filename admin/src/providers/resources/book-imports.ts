import type { Identifier } from 'react-admin';
import type { BookImport, BookImportFileAnswer } from '../../../../contracts/book-import.js';
import { ApiError } from '../../../../contracts/errors.js';
import { BATCH_UPLOAD_TIMEOUT_MS } from '../../constants.js';
import { API_BASE, seg, type Api } from '../api.js';

/** Whole-book import (contracts/book-import.ts): files sent one per request, then read by the server as one job. */
export interface BookImportMethods {
  createBookImport(publicationId: Identifier): Promise<BookImport>;
  /** One photo or PDF at its place in the book; sending a position again replaces that file. */
  sendBookImportFile(importId: Identifier, file: File, position: number, signal?: AbortSignal): Promise<BookImportFileAnswer>;
  startBookImport(importId: Identifier): Promise<BookImport>;
  getBookImport(importId: Identifier, signal?: AbortSignal): Promise<BookImport>;
  /** The publication's latest import, or null when it never had one. */
  getPublicationBookImport(publicationId: Identifier, signal?: AbortSignal): Promise<BookImport | null>;
  retryBookImport(importId: Identifier): Promise<BookImport>;
  /** Cancels an import not started: it and the files sent to it are removed (gone already is fine). */
  cancelBookImport(importId: Identifier): Promise<void>;
}

export function bookImportMethods({ http, get, send }: Api): BookImportMethods {
  return {
    createBookImport: (publicationId) => send<BookImport>('POST', `/publications/${seg(publicationId)}/book_imports/`, {}, false),

    async sendBookImportFile(importId, file, position, signal) {
      const form = new FormData();
      form.append('position', String(position));
      form.append('file', file, file.name);
      const res = await http<BookImportFileAnswer>(`${API_BASE}/book_imports/${seg(importId)}/files/`, {
        method: 'POST',
        body: form,
        timeoutMs: BATCH_UPLOAD_TIMEOUT_MS,
        signal,
        sessionExpiry: false,
      });
      return res.json;
    },

    startBookImport: (importId) => send<BookImport>('POST', `/book_imports/${seg(importId)}/start/`, {}, false),

    getBookImport: (importId, signal) => get<BookImport>(`/book_imports/${seg(importId)}/`, signal),

    async getPublicationBookImport(publicationId, signal) {
      try {
        return await get<BookImport>(`/publications/${seg(publicationId)}/book_import/`, signal);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },

    retryBookImport: (importId) => send<BookImport>('POST', `/book_imports/${seg(importId)}/retry/`, {}, false),

    async cancelBookImport(importId) {
      try {
        await send('DELETE', `/book_imports/${seg(importId)}/`, undefined, false);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return;
        throw err;
      }
    },
  };
}
