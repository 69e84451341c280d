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

/** A language a curator may choose: its tag and its name in its own language, then in English. */
export interface LanguageChoice {
  id: string;
  name: string;
}

/** GET /languages/: the languages the archive reads offline, the eight it ships first. */
export type LanguagesAnswer = LanguageChoice[];

/** The languages the archive ships a Tesseract model for, named in their own language first. */
export const LANGUAGE_CHOICES: ReadonlyArray<LanguageChoice> = [
  { id: 'en', name: 'English' },
  { id: 'de', name: 'Deutsch — German' },
  { id: 'fr', name: 'Français — French' },
  { id: 'es', name: 'Español — Spanish' },
  { id: 'it', name: 'Italiano — Italian' },
  { id: 'pt', name: 'Português — Portuguese' },
  { id: 'nl', name: 'Nederlands — Dutch' },
  // CLDR has no Latin locale, so Intl would name it in English only.
  { id: 'la', name: 'Latina — Latin' },
];

/** A name as its language writes it at the head of a list ("polski" → "Polski"). */
function capitalised(name: string, tag: string): string {
  return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
}

/**
 * A tag's name for a curator: the shipped choice's, else the runtime's CLDR names in the language
 * itself and in English ("Polski — Polish", "Ελληνικά — Greek"), or the tag itself when CLDR has none.
 */
export function languageName(tag: string): string {
  const shipped = LANGUAGE_CHOICES.find((c) => c.id === tag)?.name;
  if (shipped) return shipped;
  let own: string | undefined;
  let english: string | undefined;
  try {
    own = new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }).of(tag);
    english = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(tag);
  } catch {
    return tag; // not a well-formed tag
  }
  if (!english) return tag;
  if (!own || own === english) return english;
  return `${capitalised(own, tag)} — ${english}`;
}

/** The choices offered for a book: the archive's languages, and its own tag first when it is another. */
export function languageChoices(current?: string, offered: ReadonlyArray<LanguageChoice> = LANGUAGE_CHOICES): LanguageChoice[] {
  return current && !offered.some((c) => c.id === current) ? [{ id: current, name: languageName(current) }, ...offered] : [...offered];
}
