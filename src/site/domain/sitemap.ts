/** sitemap.xml and robots.txt (issue 4: published publications and poems; robots points at the sitemap). */
export interface SitemapEntry {
  loc: string;
  lastmod?: string;
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod =
      e.lastmod && !Number.isNaN(Date.parse(e.lastmod)) ? `<lastmod>${new Date(e.lastmod).toISOString().slice(0, 10)}</lastmod>` : '';
    return `  <url><loc>${escapeXml(e.loc)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(publicUrl: string, noindex: boolean): string {
  const rules = noindex ? ['Disallow: /'] : ['Allow: /', 'Disallow: /admin', 'Disallow: /login', 'Disallow: /api/'];
  return ['User-agent: *', ...rules, '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
