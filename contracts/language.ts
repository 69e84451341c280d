/**
 * The language a publication is written in: a BCP 47 tag (`en`, `de`, `pt-BR`). Readers are told
 * it (`lang`, JSON-LD, EPUB) and offline OCR reads the book's photos with its model.
 */

/** What a publication made before languages could be chosen, or created without one, is written in. */
export const DEFAULT_LANGUAGE = 'en';

/** The longest tag the API takes (a language, script, region and a variant or two fit easily). */
export const LANGUAGE_MAX_LENGTH = 35;

/** A well-formed BCP 47 tag in its canonical spelling (`DE` → `de`, `pt-br` → `pt-BR`), or undefined. */
export function canonicalLanguage(tag: unknown): string | undefined {
  if (typeof tag !== 'string' || !tag.trim() || tag.length > LANGUAGE_MAX_LENGTH) return undefined;
  try {
    return Intl.getCanonicalLocales(tag.trim())[0];
  } catch {
    return undefined; // RangeError: not a well-formed tag
  }
}

/** The languages the archive reads offline (a Tesseract model ships for each), named in their own language first. */
export const LANGUAGE_CHOICES: ReadonlyArray<{ id: string; name: string }> = [
  { id: 'en', name: 'English' },
  { id: 'de', name: 'Deutsch — German' },
  { id: 'fr', name: 'Français — French' },
  { id: 'es', name: 'Español — Spanish' },
  { id: 'it', name: 'Italiano — Italian' },
  { id: 'pt', name: 'Português — Portuguese' },
  { id: 'nl', name: 'Nederlands — Dutch' },
  { id: 'la', name: 'Latina — Latin' },
];

/** A tag's name for a curator: the choice's, or the tag itself for one typed in. */
export function languageName(tag: string): string {
  return LANGUAGE_CHOICES.find((c) => c.id === tag)?.name ?? tag;
}

/** The choices offered for a book: the archive's languages, and its own tag first when it is another. */
export function languageChoices(current?: string): Array<{ id: string; name: string }> {
  return current && !LANGUAGE_CHOICES.some((c) => c.id === current)
    ? [{ id: current, name: current }, ...LANGUAGE_CHOICES]
    : [...LANGUAGE_CHOICES];
}
