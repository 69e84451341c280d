import type { DataProvider, Identifier } from 'react-admin';
import {
  asList,
  type ClearPoemsAnswer,
  type ClearPoemsRequest,
  type CreatePoemRequest,
  type Poem,
  type PageRotation,
  type PageRotationRequest,
  type PoemPage,
  type PoemStatus,
  type PoemStatusRequest,
  type LooksRightRequest,
  type PoemProofreading,
  type ProofreadingPlace,
  type ProofreadingPlaceRequest,
  type UpdatePoemRequest,
} from '../../../../contracts/catalog.js';
import { pick, query, seg, type Api } from '../api.js';

/** What the poem screens and the wizard ask of a publication's poems beyond react-admin's methods. */
export interface PoemMethods {
  /**
   * Every poem of the publication, or only the ones listed (one wizard session's); with scan job
   * ids, the page photos those scans stored go too.
   */
  clearPoems(id: Identifier, poemIds?: number[], jobIds?: string[]): Promise<ClearPoemsAnswer>;
  /** The new reading order, naming every poem of the publication once. */
  reorderPoems(id: Identifier, poemIds: number[]): Promise<Poem[]>;
  getPoemPages(poemId: Identifier): Promise<PoemPage[]>;
  /** Turns a page photo (kept for the photo: shown turned everywhere and read turned by Reprocess). */
  setPageRotation(pageId: Identifier, rotation: PageRotation): Promise<PoemPage>;
  /** Marks a poem As scanned, Proofread or Checked; answers the poem. */
  setPoemStatus(poemId: Identifier, status: PoemStatus): Promise<Poem>;
  /** Each line of the poem as saved, with its place on its page photo and its doubtful words. */
  getProofreading(poemId: Identifier): Promise<PoemProofreading>;
  /** Clears one doubtful word's mark (the curator found it right); answers the proofreading. */
  looksRight(poemId: Identifier, word: LooksRightRequest): Promise<PoemProofreading>;
  /** The poem "Proofread this book" opens at for the signed-in curator (null: no poems). */
  getProofreadingPlace(publicationId: Identifier): Promise<number | null>;
  /** Keeps the poem the curator has open there, for next time. */
  keepProofreadingPlace(publicationId: Identifier, poemId: Identifier): Promise<void>;
}

const POEM_FIELDS: ReadonlyArray<keyof UpdatePoemRequest> = ['title', 'body', 'notes', 'language'];

/** The `poems` resource: a publication's poems in reading order, typing one in, editing, deleting. */
export function poemsProvider({ get, send }: Api): Partial<DataProvider> & PoemMethods {
  const listPoems = (publicationId: Identifier, signal?: AbortSignal) =>
    get<unknown>(`/publications/${seg(publicationId)}/poems/${query({ admin: true })}`, signal).then((json) => asList<Poem>(json));

  /** Orders writes to one publication's poem order, so quick successive moves arrive in order. */
  let orderWrites: Promise<unknown> = Promise.resolve();

  // As in publications.ts: answers pass as the record type react-admin's caller picks.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  return {
    async getList(resource, params) {
      if (params.filter?.publication_id === undefined) throw new Error(`No list for resource ${resource}`);
      const data = await listPoems(params.filter.publication_id, params.signal);
      return { data: data as any[], total: data.length };
    },

    async getManyReference(resource, params) {
      if (params.target !== 'publication_id') throw new Error(`No reference list for ${resource}.${params.target}`);
      // The whole book, in its reading order: poems are few, and their order is the point.
      const data = await listPoems(params.id, params.signal);
      return { data: data as any[], total: data.length };
    },

    getOne: async (_resource, params) => ({ data: await get<any>(`/poems/${seg(params.id)}/`, params.signal) }),
    getMany: async (_resource, params) => ({
      data: await Promise.all(params.ids.map((id) => get<any>(`/poems/${seg(id)}/`, params.signal))),
    }),

    async create(_resource, params) {
      const { publication_id: publicationId, ...poem } = params.data as CreatePoemRequest & { publication_id: Identifier };
      return {
        data: await send<any>(
          'POST',
          `/publications/${seg(publicationId)}/poems/`,
          pick(poem, ['title', 'body', 'notes', 'page_numbers', 'language']),
        ),
      };
    },

    async update(_resource, params) {
      // The version the form was loaded at: a save over a newer one is told so (and both are kept).
      const base = (params.previousData as Poem | undefined)?.revision;
      const body = { ...pick(params.data as UpdatePoemRequest, POEM_FIELDS), ...(base === undefined ? {} : { base_revision: base }) };
      return { data: await send<any>('PUT', `/poems/${seg(params.id)}/`, body) };
    },

    async delete(_resource, params) {
      await send('DELETE', `/poems/${seg(params.id)}/`);
      return { data: (params.previousData ?? { id: params.id }) as any };
    },

    clearPoems(id, poemIds, jobIds) {
      const body: ClearPoemsRequest = { ...(poemIds ? { poem_ids: poemIds } : {}), ...(jobIds?.length ? { job_ids: jobIds } : {}) };
      return send('POST', `/publications/${seg(id)}/clear_poems/`, Object.keys(body).length ? body : undefined);
    },

    reorderPoems(id, poemIds) {
      const write = orderWrites
        .catch(() => undefined)
        .then(() => send<Poem[]>('POST', `/publications/${seg(id)}/reorder_poems/`, { poem_ids: poemIds }));
      orderWrites = write;
      return write;
    },

    getPoemPages: (poemId) => get<unknown>(`/poems/${seg(poemId)}/pages/`).then((json) => asList<PoemPage>(json)),
    setPageRotation: (pageId, rotation) =>
      send<PoemPage>('PUT', `/scan_pages/${seg(pageId)}/rotation/`, { rotation } satisfies PageRotationRequest),
    setPoemStatus: (poemId, status) => send<Poem>('PUT', `/poems/${seg(poemId)}/status/`, { status } satisfies PoemStatusRequest),
    getProofreading: (poemId) => get<PoemProofreading>(`/poems/${seg(poemId)}/proofreading/`),
    getProofreadingPlace: (id) => get<ProofreadingPlace>(`/publications/${seg(id)}/proofreading_place/`).then((place) => place.poem_id),
    keepProofreadingPlace: (id, poemId) =>
      send<ProofreadingPlace>('PUT', `/publications/${seg(id)}/proofreading_place/`, {
        poem_id: Number(poemId),
      } satisfies ProofreadingPlaceRequest).then(() => undefined),
    looksRight: (poemId, word) => send<PoemProofreading>('POST', `/poems/${seg(poemId)}/proofreading/looks_right/`, word),
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */
}
