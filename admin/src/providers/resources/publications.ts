import type { DataProvider, GetListParams, GetListResult, Identifier } from 'react-admin';
import {
  asList,
  type PermanentDeleteAnswer,
  type Publication,
  type PublicationFields,
  type PublicationListStatus,
  type PublicationMoveAnswer,
  type PublishAnswer,
  type TrashPage,
} from '../../../../contracts/catalog.js';
import { API_BASE, pick, query, seg, totalOf, type Api } from '../api.js';

/** State changes other than plain edits, asked for through update/delete with `meta.verb`. */
export type PublicationVerb = 'toggle_publish' | 'publish' | 'save_draft' | 'restore';

/** The publication verbs as typed methods (react-admin docs, "Calling Custom Methods"). */
export interface PublicationMethods {
  togglePublish(id: Identifier): Promise<PublishAnswer>;
  publish(id: Identifier): Promise<PublishAnswer>;
  saveDraft(id: Identifier): Promise<PublishAnswer>;
  restore(id: Identifier): Promise<PublicationMoveAnswer>;
  moveToTrash(id: Identifier): Promise<PublicationMoveAnswer>;
  permanentDelete(id: Identifier): Promise<PermanentDeleteAnswer>;
}

const PUBLICATION_FIELDS: ReadonlyArray<keyof PublicationFields> = ['title', 'authors', 'publisher', 'publication_date', 'isbn', 'notes'];

/** A bulk action that failed for some publications; the others were changed. */
export class BulkActionError extends Error {
  constructor(
    readonly failedIds: Identifier[],
    readonly total: number,
    /** The first failure, as the server answered it. */
    readonly firstError: unknown,
  ) {
    super(`${failedIds.length} of ${total} failed: ${firstError instanceof Error ? firstError.message : String(firstError)}`);
    this.name = 'BulkActionError';
  }
}

/**
 * Runs one publication's call for each id. The API changes one publication per call, so a bulk
 * action is every call tried: one refused (moved meanwhile, say) does not stop the others.
 */
async function forEachId(ids: Identifier[], call: (id: Identifier) => Promise<unknown>): Promise<Identifier[]> {
  const results = await Promise.allSettled(ids.map(call));
  const failed = ids.filter((_, i) => results[i].status === 'rejected');
  const firstFailure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (firstFailure) throw new BulkActionError(failed, ids.length, firstFailure.reason);
  return ids;
}

/**
 * The `publications` resource: the dashboard's lists (the trash has its own, paged by page and
 * page_size), the detail, the forms, and the verbs the screens want undoable or cached, which go
 * through update/delete with `meta.verb` so react-admin's own mutation modes apply to them.
 */
export function publicationsProvider({ http, get, send }: Api): Partial<DataProvider> & PublicationMethods {
  async function getList(params: GetListParams): Promise<GetListResult<Publication>> {
    const status = (params.filter?.status || undefined) as PublicationListStatus | undefined;
    const q = typeof params.filter?.q === 'string' ? params.filter.q.trim() : undefined;
    const { field, order } = params.sort ?? { field: 'created_at', order: 'DESC' };
    const sort = field && field !== 'id' ? JSON.stringify([field, order]) : undefined;
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
    if (status === 'trash') {
      const res = await http<TrashPage>(`${API_BASE}/publications/trash/${query({ page, page_size: perPage, sort, q })}`, {
        signal: params.signal,
      });
      const data = asList<Publication>(res.json);
      return { data, total: totalOf(res.headers, res.json, data.length) };
    }
    const range = JSON.stringify([(page - 1) * perPage, page * perPage - 1]);
    const res = await http(`${API_BASE}/publications/${query({ admin: true, status, q, sort, range })}`, { signal: params.signal });
    const data = asList<Publication>(res.json);
    return { data, total: totalOf(res.headers, res.json, data.length) };
  }

  // react-admin's DataProvider methods are generic in the record type each caller picks; the answers
  // are typed where they are made (contracts/), so here they pass as the caller's record type.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  const provider: Partial<DataProvider> & PublicationMethods = {
    getList: async (_resource, params) => (await getList(params)) as any,
    getOne: async (_resource, params) => ({
      data: await get<any>(`/publications/${seg(params.id)}/${query({ admin: true })}`, params.signal),
    }),
    getMany: async (_resource, params) => ({
      data: await Promise.all(params.ids.map((id) => get<any>(`/publications/${seg(id)}/${query({ admin: true })}`, params.signal))),
    }),
    create: async (_resource, params) => ({
      data: await send<any>('POST', '/publications/', pick(params.data as PublicationFields, PUBLICATION_FIELDS)),
    }),

    async update(_resource, params) {
      const verb = params.meta?.verb as PublicationVerb | undefined;
      if (verb === 'restore') return { data: (await provider.restore(params.id)).publication as any };
      if (verb) return { data: (await send<PublishAnswer>('POST', `/publications/${seg(params.id)}/${verb}/`)).publication as any };
      // The version the form was loaded at: a save over a newer one is told so (and both are kept).
      const base = (params.previousData as Publication | undefined)?.revision;
      const body = {
        ...pick(params.data as PublicationFields, PUBLICATION_FIELDS),
        ...(base === undefined ? {} : { base_revision: base }),
      };
      return { data: await send<any>('PUT', `/publications/${seg(params.id)}/`, body) };
    },

    async delete(_resource, params) {
      if (params.meta?.verb === 'permanent_delete') {
        await provider.permanentDelete(params.id);
        return { data: (params.previousData ?? { id: params.id }) as any };
      }
      return { data: (await provider.moveToTrash(params.id)).publication as any };
    },

    /** Publish, unpublish or restore several publications: a state change (`meta.verb`), never a field edit. */
    async updateMany(resource, params) {
      const verb = params.meta?.verb as PublicationVerb | undefined;
      if (!verb) throw new Error(`No bulk update for ${resource} without a verb`);
      return {
        data: await forEachId(params.ids, (id) =>
          provider.update!(resource, { id, data: params.data, previousData: { id }, meta: { verb } }),
        ),
      };
    },

    /** Moves several publications to the trash, or with `meta.verb` 'permanent_delete' deletes them forever. */
    deleteMany: async (resource, params) => ({
      data: await forEachId(params.ids, (id) => provider.delete!(resource, { id, meta: params.meta })),
    }),

    togglePublish: (id) => send('POST', `/publications/${seg(id)}/toggle_publish/`),
    publish: (id) => send('POST', `/publications/${seg(id)}/publish/`),
    saveDraft: (id) => send('POST', `/publications/${seg(id)}/save_draft/`),
    restore: (id) => send('POST', `/publications/${seg(id)}/restore/`),
    moveToTrash: (id) => send('DELETE', `/publications/${seg(id)}/`),
    permanentDelete: (id) => send('DELETE', `/publications/${seg(id)}/permanent_delete/`),
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */
  return provider;
}
