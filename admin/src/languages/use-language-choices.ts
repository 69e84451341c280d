import { useGetList } from 'react-admin';
import { LANGUAGE_CHOICES, languageChoices, type LanguageChoice } from '../../../contracts/language.js';

/** Fetched once a session: the server finds its languages as it starts. */
const ONCE = { staleTime: Infinity, gcTime: Infinity, retry: false } as const;

/**
 * The languages a book or poem may be given: those the server reads (GET /api/languages/, every
 * installed model), the eight shipped while they load or when they cannot be fetched, and the
 * record's own tag first when it is none of them.
 */
export function useLanguageChoices(current?: string): LanguageChoice[] {
  const { data } = useGetList<LanguageChoice>('languages', undefined, ONCE);
  return languageChoices(current, data?.length ? data : LANGUAGE_CHOICES);
}
