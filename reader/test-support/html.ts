/**
 * Reads the head of server-rendered HTML for assertions: tags and attributes as a browser would
 * decode them. Enough for the markup our own server writes (quoted attributes, no nesting in head).
 */
export interface HeadTag {
  tag: string;
  attrs: Record<string, string>;
  text: string;
}

export function decodeEntities(value: string): string {
  return value.replace(/&(#\d+|#x[\da-f]+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e.toLowerCase()]!;
  });
}

export function headOf(html: string): string {
  const match = /<head>([\s\S]*?)<\/head>/.exec(html);
  if (!match) throw new Error('no <head> in the document');
  return match[1]!;
}

export function headTags(html: string): HeadTag[] {
  const tags: HeadTag[] = [];
  const re = /<(title|meta|link|script)\b([^>]*)>(?:([\s\S]*?)<\/\1>)?/g;
  for (const m of headOf(html).matchAll(re)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attrs[a[1]!] = decodeEntities(a[2] ?? '');
    tags.push({ tag: m[1]!, attrs, text: m[1] === 'title' ? decodeEntities(m[3] ?? '') : (m[3] ?? '') });
  }
  return tags;
}

export interface Head {
  title: string;
  meta: (key: string) => string | undefined;
  canonical?: string;
  jsonLd: Record<string, any>[];
  scripts: HeadTag[];
}

/** The head as the tests need it; `meta` looks up by name or property. */
export function parseHead(html: string): Head {
  const tags = headTags(html);
  const titles = tags.filter((t) => t.tag === 'title');
  if (titles.length !== 1) throw new Error(`expected one <title>, found ${titles.length}`);
  return {
    title: titles[0]!.text,
    meta: (key) => tags.find((t) => t.tag === 'meta' && (t.attrs.name === key || t.attrs.property === key))?.attrs.content,
    canonical: tags.find((t) => t.tag === 'link' && t.attrs.rel === 'canonical')?.attrs.href,
    jsonLd: tags.filter((t) => t.tag === 'script' && t.attrs.type === 'application/ld+json').map((t) => JSON.parse(t.text)),
    scripts: tags.filter((t) => t.tag === 'script'),
  };
}

/** The embedded page data the client hydrates from. */
export function bootData(html: string): any {
  const m = /<script type="application\/json" id="reader-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no reader-data block');
  return JSON.parse(m[1]!);
}

/** Visible text of the body, tags removed and entities decoded. */
export function bodyText(html: string): string {
  const body = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '';
  return decodeEntities(body.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}
