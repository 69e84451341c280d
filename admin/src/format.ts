/** Dates in US English (SPEC section 1): short on the dashboard, long elsewhere. */
function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatShortDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) : '';
}

export function formatLongDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : '';
}

/** The poet's name comes from the site settings the server writes into the page. */
export function poetName(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector('meta[name="poet-name"]')?.getAttribute('content')?.trim() ?? '';
}

export function authorsText(authors: string[] | null | undefined): string {
  const list = (authors ?? []).map((a) => a.trim()).filter(Boolean);
  return list.length ? list.join(', ') : poetName();
}

export function publicRef(p: { slug?: string; id: number | string }): string {
  return encodeURIComponent(String(p.slug || p.id));
}
