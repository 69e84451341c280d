import { maxLength, required, type Validator } from 'react-admin';
import { canonicalLanguage } from '../../../contracts/language.js';
import { PUBLICATION_LIMITS as LIMITS, type PublicationFields } from '../../../contracts/catalog.js';

/** The API's rules for publication fields (contracts/), checked in the form before it is sent. */
const notBlank: Validator = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? 'ra.validation.required' : undefined);

const authorsRule: Validator = (value: unknown) => {
  const authors = Array.isArray(value) ? (value as string[]) : [];
  if (authors.length > LIMITS.authors) return { message: 'archive.validation.max_authors', args: { max: LIMITS.authors } };
  if (authors.some((a) => a.length > LIMITS.author)) return { message: 'ra.validation.maxLength', args: { max: LIMITS.author } };
  return undefined;
};

/** A BCP 47 tag as the API takes it (empty: the publication keeps its language). */
const languageRule: Validator = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && canonicalLanguage(value) === undefined ? 'archive.validation.language' : undefined;

export const PUBLICATION_VALIDATION = {
  title: [required(), notBlank, maxLength(LIMITS.title)],
  authors: authorsRule,
  publisher: maxLength(LIMITS.publisher),
  publication_date: maxLength(LIMITS.publication_date),
  isbn: maxLength(LIMITS.isbn),
  notes: maxLength(LIMITS.notes),
  language: languageRule,
} satisfies Record<keyof PublicationFields, Validator | Validator[]>;

/** What is sent: trimmed author names without empty ones, and '' rather than null for an emptied field. */
export function publicationPayload(data: Partial<Record<keyof PublicationFields, unknown>>): Partial<PublicationFields> {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    title: text(data.title),
    authors: (Array.isArray(data.authors) ? data.authors : []).map((a) => String(a).trim()).filter(Boolean),
    publisher: text(data.publisher),
    publication_date: text(data.publication_date),
    isbn: text(data.isbn),
    notes: text(data.notes),
    // Left out when not chosen: a new publication is then English, an edited one keeps its language.
    language: canonicalLanguage(data.language),
  };
}
