import type { DataProvider, Identifier } from 'react-admin';
import type { AddCuratorRequest, Curator } from '../../../../contracts/curators.js';
import { pick, seg, type Api } from '../api.js';

/** A curator's new password, beside react-admin's list, create and delete. */
export interface CuratorMethods {
  resetPassword(id: Identifier, password: string): Promise<void>;
}

/** The `curators` resource: everyone who may sign in, oldest first (few, so one page). */
export function curatorsProvider({ get, send }: Api): Partial<DataProvider> & CuratorMethods {
  // As in publications.ts: answers pass as the record type react-admin's caller picks.
  /* eslint-disable @typescript-eslint/no-explicit-any */
  return {
    async getList(_resource, params) {
      const data = await get<Curator[]>('/curators/', params.signal);
      return { data: data as any[], total: data.length };
    },
    create: async (_resource, params) => ({
      data: await send<any>('POST', '/curators/', pick(params.data as AddCuratorRequest, ['username', 'password'])),
    }),
    async delete(_resource, params) {
      await send('DELETE', `/curators/${seg(params.id)}/`);
      return { data: params.previousData as any };
    },
    async resetPassword(id, password) {
      await send('PUT', `/curators/${seg(id)}/password/`, { password });
    },
  };
  /* eslint-enable @typescript-eslint/no-explicit-any */
}
