/**
 * Dates, counts and names as the admin and the reader show them (SPEC section 1): US English,
 * short on the dashboard, long elsewhere. Dates are read in UTC so a page rendered on the server
 * and hydrated in a browser (and the admin beside it) always name the same day.
 */

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
// Pure: a bundle that never shows a short date (the reader's) leaves the formatter out.
const SHORT_DATE = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  // A bare date is a calendar day, not midnight somewhere: read it as UTC.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "2024-03-05T10:00:00Z" or "2024-03-05" -> "March 5, 2024"; empty for missing or invalid input. */
export function formatLongDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? LONG_DATE.format(date) : '';
}

/** "2024-03-05T10:00:00Z" -> "Mar 5, 2024" (the dashboard's cards); empty for missing or invalid input. */
export function formatShortDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? SHORT_DATE.format(date) : '';
}

/**
 * publication_date is free text ("1998", "March 1998", "1998-03-04"); ISO forms are shown in
 * long US format, anything else as the editor typed it.
 */
export function formatPublicationDate(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return formatLongDate(text) || text;
  const month = /^(\d{4})-(\d{2})$/.exec(text);
  if (month) {
    const date = new Date(`${month[1]}-${month[2]}-01T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? text : MONTH_YEAR.format(date);
  }
  return text;
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  // Below a thousand the US form is the digits alone; skipping Intl there matters on a book's
  // contents, which name two counts per poem on every render.
  const digits = Number.isInteger(count) && count > -1000 && count < 1000 ? String(count) : count.toLocaleString('en-US');
  return `${digits} ${count === 1 ? singular : pluralForm}`;
}

/** "12 poems • 340 lines • 1,902 words" */
export function collectionStats(poems: number, lines: number, words: number): string {
  return [plural(poems, 'poem'), plural(lines, 'line'), plural(words, 'word')].join(' • ');
}

/** Authors joined for display; the poet's name when the list is empty (SPEC section 1). */
export function authorsText(authors: readonly string[] | null | undefined, poetName: string): string {
  const names = (authors ?? []).map((a) => a.trim()).filter(Boolean);
  return names.length > 0 ? names.join(', ') : poetName;
}

/** "March 3, 1931 – June 9, 2019"; one side alone when the other is unknown. */
export function lifeDates(birth?: string, death?: string): string {
  const b = formatLongDate(birth);
  const d = formatLongDate(death);
  if (b && d) return `${b} – ${d}`;
  if (b) return `Born ${b}`;
  if (d) return `Died ${d}`;
  return '';
}

/** URL path segment of a publication or poem: its slug, or the id when there is none. */
export function refOf(item: { slug?: string | null; id: number }): string {
  return item.slug && item.slug.trim() ? item.slug : String(item.id);
}

/** The first `count` lines of a poem that hold words, without indentation: for indexes and cards. */
export function firstLines(body: string, count: number): string[] {
  const lines: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const text = line.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    lines.push(text);
    if (lines.length === count) break;
  }
  return lines;
}
