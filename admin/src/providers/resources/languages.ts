import type { DataProvider } from 'react-admin';
import type { LanguagesAnswer } from '../../../../contracts/language.js';
import type { Api } from '../api.js';

/** The `languages` resource: the languages the server reads offline, to choose a book's or a poem's from. */
export function languagesProvider({ get }: Api): Partial<DataProvider> {
  return {
    async getList(_resource, params) {
      const languages = await get<LanguagesAnswer>('/languages/', params.signal);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- passes as the record type react-admin's caller picks
      return { data: languages as any[], total: languages.length };
    },
  };
}
