import type { Publication } from '../../../contracts/reader-page.js';

/** publication_date as an ISO 8601 date or year where it can be read as one. */
export function isoPublicationDate(publication: Pick<Publication, 'publication_date' | 'published_at'>): string | undefined {
  const text = (publication.publication_date ?? '').trim();
  if (/^\d{4}(-\d{2}(-\d{2})?)?$/.test(text)) return text;
  const monthYear = /^([A-Za-z]+)\.?\s+(\d{4})$/.exec(text);
  if (monthYear) {
    const month = MONTHS.findIndex((m) => m.startsWith(monthYear[1]!.slice(0, 3).toLowerCase()));
    if (month >= 0) return `${monthYear[2]}-${String(month + 1).padStart(2, '0')}`;
  }
  // "March 4, 1998" / "4 March 1998": only whole day-month-year forms, Date.parse guesses too freely.
  const parsed = Date.parse(`${text} UTC`);
  if (/^([A-Za-z]+\.? \d{1,2},? \d{4}|\d{1,2} [A-Za-z]+\.? \d{4})$/.test(text) && !Number.isNaN(parsed)) {
    return new Date(parsed).toISOString().slice(0, 10);
  }
  const year = /\b(1[5-9]\d\d|20\d\d)\b/.exec(text);
  if (year) return year[1];
  return publication.published_at ? publication.published_at.slice(0, 10) : undefined;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
