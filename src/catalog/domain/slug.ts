import { transliterate } from 'transliteration';

/**
 * Slugs are made once from the title and never change afterwards, so shared links keep working
 * when a title is corrected. They never look like a number, so `{id}` in a path is unambiguous.
 * Letters of any script are spelt in Latin letters (transliteration's tables: "großer" is
 * "grosser", "Сон" is "son", "春晓" is "chun-xiao"), so a title in German, Greek, Russian or
 * Chinese keeps its words in its address rather than losing letters or becoming "untitled".
 */
export function slugify(title: string): string {
  const base = transliterate(title.normalize('NFC'))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  if (base === '') return 'untitled';
  return /^\d+$/.test(base) ? `n-${base}` : base;
}

/** The first of `base`, `base-2`, `base-3`, ... that `taken` does not contain. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A path reference is a numeric id or a slug. */
export function parseRef(ref: string | number): { id: number } | { slug: string } {
  if (typeof ref === 'number') return { id: ref };
  return /^\d{1,9}$/.test(ref) ? { id: Number(ref) } : { slug: ref };
}
