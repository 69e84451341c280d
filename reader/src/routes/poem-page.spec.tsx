import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { poem, publication, settings } from '../lib/test-fixtures.js';
import { ReportForm } from '../components/report-form.js';
import { reportForm } from '../components/report-mistake.js';
import { PoemPage } from './poem-page.js';

// As the server bundle does (entry-server.tsx).
reportForm.component = ReportForm;

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('/poem/{id}', () => {
  it('dates the poem by when it was archived, in long US format, and names the book’s date as the book’s', () => {
    const html = renderToString(
      <PoemPage
        poem={{
          state: 'ready',
          data: { poem: poem({ created_at: '2026-11-28T15:04:00.000Z' }), publication: publication({ publication_date: '1998-03-04' }) },
        }}
        settings={settings}
      />,
    );
    expect(text(html)).toContain('Archived November 28, 2026');
    expect(html).toContain('<time dateTime="2026-11-28">November 28, 2026</time>');
    expect(text(html)).toContain('Book published March 4, 1998');
  });

  it("says the language of a poem in another language than its book on the poem, and nothing for one in the book's", () => {
    const page = (language: string | null) =>
      renderToString(
        <PoemPage poem={{ state: 'ready', data: { poem: poem({ language }), publication: publication() } }} settings={settings} />,
      );
    expect(page('de')).toContain('<article class="poem" aria-labelledby="poem-title" lang="de">');
    expect(page(null)).toContain('<article class="poem" aria-labelledby="poem-title">');
  });

  it('shows the archive date alone when the book has no date', () => {
    const html = renderToString(
      <PoemPage
        poem={{
          state: 'ready',
          data: { poem: poem({ created_at: '2024-02-01T10:00:00.000Z' }), publication: publication({ publication_date: '' }) },
        }}
        settings={settings}
      />,
    );
    expect(text(html)).toContain('Archived February 1, 2024');
    expect(text(html)).not.toContain('Book published');
  });

  it('offers Report a mistake collapsed, as a plain form that works without the script, its limits said and its trap hidden', () => {
    const html = renderToString(
      <PoemPage poem={{ state: 'ready', data: { poem: poem({ id: 42 }), publication: publication() } }} settings={settings} />,
    );
    expect(html).toMatch(/<details class="report-mistake"><summary[^>]*>Report a mistake<\/summary>/);
    expect(html).toContain('action="/api/poems/42/reports/" method="post"');
    expect(text(html)).toContain('Quoted words up to 300 characters, a note up to 1000');
    expect(html).toMatch(/<div class="report-trap" aria-hidden="true">.*tabindex="-1"[^>]*name="website"/);
  });
});
