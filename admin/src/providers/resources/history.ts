import type { Identifier } from 'react-admin';
import type { Poem, Publication } from '../../../../contracts/catalog.js';
import type { PoemHistory, PublicationHistory, RestoreAnswer } from '../../../../contracts/history.js';
import { seg, type Api } from '../api.js';

/** The revision history of poems and publications, and Restore (itself a new version). */
export interface HistoryMethods {
  getPoemHistory(poemId: Identifier): Promise<PoemHistory>;
  getPublicationHistory(publicationId: Identifier): Promise<PublicationHistory>;
  restorePoemRevision(poemId: Identifier, revision: number): Promise<RestoreAnswer<Poem>>;
  restorePublicationRevision(publicationId: Identifier, revision: number): Promise<RestoreAnswer<Publication>>;
}

export function historyMethods({ get, send }: Api): HistoryMethods {
  return {
    getPoemHistory: (id) => get<PoemHistory>(`/poems/${seg(id)}/history`),
    getPublicationHistory: (id) => get<PublicationHistory>(`/publications/${seg(id)}/history`),
    restorePoemRevision: (id, revision) => send<RestoreAnswer<Poem>>('POST', `/poems/${seg(id)}/history/${revision}/restore`),
    restorePublicationRevision: (id, revision) =>
      send<RestoreAnswer<Publication>>('POST', `/publications/${seg(id)}/history/${revision}/restore`),
  };
}
