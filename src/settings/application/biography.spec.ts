import { describe, expect, it } from 'vitest';
import { biographyHtml, checkBiography } from './biography.js';

describe('the biography', () => {
  it('renders paragraphs, links and emphasis', () => {
    const html = biographyHtml('She taught for *forty* years.\n\nRead **more** at [the library](https://library.example/vance).');
    expect(html).toBe(
      '<p>She taught for <em>forty</em> years.</p>\n<p>Read <strong>more</strong> at <a href="https://library.example/vance" rel="noopener">the library</a>.</p>',
    );
  });

  it('never lets script through, even where the check is skipped', () => {
    const html = biographyHtml('<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img|href="javascript/i);
    expect(html).not.toContain('<a');
    expect(html).toContain('&lt;script&gt;');
  });

  it('refuses HTML and unsafe links with a message saying what to write', () => {
    expect(() => checkBiography('Hello <script>alert(1)</script>')).toThrow(/cannot hold HTML.*\[a link\]/);
    expect(() => checkBiography('<div>block</div>')).toThrow(/cannot hold HTML/);
    expect(() => checkBiography('[click](javascript:alert(1))')).toThrow(/web \(https/);
    expect(() => checkBiography('[click](vbscript:msgbox)')).toThrow(/web \(https/);
    expect(() => checkBiography('[file](ftp://files.example/x)')).toThrow(/"ftp:/);
  });

  it('takes Markdown with safe links, including this site and mail', () => {
    expect(() =>
      checkBiography('See [her books](/publications), [write](mailto:family@example.org) or <https://example.org>.\n\n- one\n- two'),
    ).not.toThrow();
    expect(() => checkBiography('Two < three and 4 > 1: a *plain* comparison.')).not.toThrow();
  });
});
