import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { SettingsError } from '../domain/memorial.js';

/**
 * The biography is Markdown: paragraphs, links, emphasis, lists and quotes. markdown-it with HTML
 * off renders it (raw HTML would be escaped, not run); sanitize-html then keeps only those
 * elements and http(s)/mailto links, so nothing a curator types can put script on a page even if
 * one library had a flaw. Headings and images are off: the page gives the biography its heading.
 */
const ALLOWED_SCHEMES = ['http', 'https', 'mailto'];
const DISABLED_RULES = ['heading', 'lheading', 'image', 'table', 'html_block', 'html_inline'];

const renderer = new MarkdownIt({ html: false, linkify: true, typographer: false }).disable(DISABLED_RULES);
// A second parser that sees HTML, only to tell the curator it is not taken (rather than showing it escaped).
const htmlFinder = new MarkdownIt({ html: true });

function safeLink(url: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase();
  return scheme === undefined ? !url.trim().startsWith('//') : ALLOWED_SCHEMES.includes(scheme);
}

/** Refuses a biography holding HTML or a link that is not http(s), mailto or on this site, with a message saying what to write instead. */
export function checkBiography(markdown: string): void {
  const tokens = htmlFinder.parse(markdown, {});
  const all = tokens.flatMap((t) => [t, ...(t.children ?? [])]);
  const html = all.find((t) => t.type === 'html_block' || t.type === 'html_inline');
  if (html) {
    throw new SettingsError(
      'SETTINGS.UNSAFE_BIOGRAPHY',
      `The biography is Markdown and cannot hold HTML (found ${JSON.stringify(html.content.trim().slice(0, 40))}): write *emphasis*, **bold** and [a link](https://example.org) instead.`,
      { field: 'biography' },
    );
  }
  for (const token of all) {
    const href = token.type === 'link_open' ? String(token.attrGet('href') ?? '') : null;
    if (href !== null && !safeLink(href)) {
      throw new SettingsError(
        'SETTINGS.UNSAFE_BIOGRAPHY',
        `The biography's links must be web (https://…) or mail (mailto:…) addresses; "${href.slice(0, 60)}" is neither.`,
        {
          field: 'biography',
        },
      );
    }
  }
  // markdown-it itself refuses javascript:, vbscript:, file: and data: links (leaves them as text); say so rather than store them.
  if (/\]\(\s*<?\s*(javascript|vbscript|data|file):/i.test(markdown)) {
    throw new SettingsError('SETTINGS.UNSAFE_BIOGRAPHY', "The biography's links must be web (https://…) or mail (mailto:…) addresses.", {
      field: 'biography',
    });
  }
}

/** The biography as HTML safe to put in a page. */
export function biographyHtml(markdown: string): string {
  return sanitizeHtml(renderer.render(markdown), {
    allowedTags: ['p', 'br', 'em', 'strong', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 's'],
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: ALLOWED_SCHEMES,
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener' }) },
  }).trim();
}
