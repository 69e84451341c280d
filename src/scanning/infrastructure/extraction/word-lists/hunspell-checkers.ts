import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeTrie } from 'cspell-trie-lib';
import { isKnownWord } from '../../../domain/page-reading/word-forms.js';

type Check = (word: string) => boolean;

/**
 * The word lists of cspell's dictionaries (streetsidesoftware/cspell-dicts), by a book language's
 * primary subtag: each is a Hunspell dictionary with its affixes already expanded into a compact
 * trie, so a language loads in well under a second (German 0.6 s, about 200 MB while decoding) and
 * is read right. Expanding the affix rules at run time (nspell, before) took 40 s and 600 MB for
 * French, over 100 s for Italian, Portuguese and Latin, and read German's rules wrongly.
 *
 * English has two lists, American and British, and a word either holds is known: a book printed in
 * London spells "grey", "harbour" and "colour", and the poet may quote either.
 */
const PACKAGES: Readonly<Record<string, readonly string[]>> = {
  en: ['@cspell/dict-en_us', '@cspell/dict-en-gb-mit'],
  de: ['@cspell/dict-de-de'],
  fr: ['@cspell/dict-fr-fr'],
  es: ['@cspell/dict-es-es'],
  it: ['@cspell/dict-it-it'],
  pt: ['@cspell/dict-pt-pt'],
  nl: ['@cspell/dict-nl-nl'],
  la: ['@cspell/dict-la'],
};

const require = createRequire(import.meta.url);
const checkers = new Map<string, Promise<Check>>();

/**
 * One package's list: its cspell-ext.json names the trie file (its name changes between versions).
 * Some of those files carry comments (JSONC), so the first trie path is read from the text.
 */
async function load(pkg: string): Promise<Check> {
  const ext = require.resolve(`${pkg}/cspell-ext.json`);
  const path = /"path"\s*:\s*"([^"]+\.trie(?:\.gz)?)"/.exec(await readFile(ext, 'utf8'))?.[1];
  if (!path) throw new Error(`${pkg} names no word list`);
  const file = join(dirname(ext), path);
  const raw = await readFile(file);
  const trie = decodeTrie((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8'));
  return (word) => trie.hasWord(word, true);
}

/**
 * German and Dutch write compounds as one word, and a poet makes new ones ("Adlersluft",
 * "Sternefunkeln") that no list holds: a word is known there when it is two known words, the first
 * perhaps with its linking letters ("Adler-s-luft", "Erde-n-dinge"), the second as a noun or not.
 */
const COMPOUNDING = new Set(['de', 'nl']);
const LINKS = ['', 's', 'es', 'n', 'en', 'e', 'er'];
// Parts of four letters and more: shorter ones make a misreading two words too easily ("Fin-ander").
const MIN_PART = 4;

function withCompounds(has: Check): Check {
  const part = (text: string) => has(text) || has(text.charAt(0).toUpperCase() + text.slice(1)) || has(text.toLowerCase());
  const compound = (word: string, depth: number): boolean => {
    for (let cut = MIN_PART; cut <= word.length - MIN_PART; cut += 1) {
      const tail = word.slice(cut);
      if (!part(tail) && !(depth > 0 && compound(tail.charAt(0).toUpperCase() + tail.slice(1), depth - 1))) continue;
      const head = word.slice(0, cut);
      if (
        LINKS.some((link) => head.endsWith(link) && head.length - link.length >= MIN_PART && part(head.slice(0, head.length - link.length)))
      ) {
        return true;
      }
    }
    return false;
  };
  return (word) => has(word) || (/^\p{L}+$/u.test(word) && compound(word, 1));
}

/** A language's checker, built once on first asking; undefined for a language without a list. */
function checker(language: string): Promise<Check> | undefined {
  const code = language.toLowerCase().split('-')[0]!;
  const packages = PACKAGES[code];
  if (!packages) return undefined;
  let built = checkers.get(code);
  if (!built) {
    built = Promise.all(packages.map(load)).then((lists) => {
      const has = (word: string) => lists.some((list) => list(word));
      return COMPOUNDING.has(code) ? withCompounds(has) : has;
    });
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
