import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Every relative link in the README and docs/ resolves: the file (or folder) it names exists, and an
 * `#anchor` names a heading of its Markdown file, as GitHub makes their ids.
 */

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The README and every Markdown file of docs/, relative to `root`. */
function documentation(root: string): string[] {
  const docs = existsSync(join(root, 'docs')) ? readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')) : [];
  return ['README.md', ...docs.sort().map((f) => `docs/${f}`)];
}

/** The text with code blocks and code spans blanked: a link written as code is not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1 *$/gm, '').replace(/`[^`]*`/g, '');
}

/** A heading's id as GitHub makes it: its text lower-cased, punctuation dropped, spaces as hyphens. */
function githubSlug(heading: string): string {
  return heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The ids of a Markdown file's headings; a repeated heading gets -1, -2, ... as on GitHub. */
function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^ *(```|~~~)[^\n]*\n[\s\S]*?^ *\1 *$/gm, '');
  const seen = new Map<string, number>();
  const ids = new Set<string>();
  for (const match of withoutCode.matchAll(/^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)) {
    const slug = githubSlug(match[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    ids.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return ids;
}

/** Each relative link of the given files that does not resolve, as `file: target (why)`. */
function brokenLinks(root: string, files: string[]): string[] {
  const broken: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const match of prose(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const resolved = path ? resolve(dirname(join(root, file)), decodeURIComponent(path)) : join(root, file);
      if (!existsSync(resolved)) {
        broken.push(`${file}: ${target} (no ${relative(root, resolved)})`);
        continue;
      }
      if (anchor === undefined || anchor === '') continue;
      if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
        broken.push(`${file}: ${target} (an anchor into a file that is not Markdown)`);
        continue;
      }
      if (!anchors(readFileSync(resolved, 'utf8')).has(decodeURIComponent(anchor))) {
        broken.push(`${file}: ${target} (no heading #${anchor} in ${relative(root, resolved)})`);
      }
    }
  }
  return broken;
}

describe('documentation links', () => {
  it('every relative link and anchor in the README and docs/ resolves', () => {
    const files = documentation(REPO_ROOT);
    expect(files.length).toBeGreaterThan(1);
    expect(brokenLinks(REPO_ROOT, files)).toEqual([]);
  });

  describe('the checker', () => {
    const root = mkdtempSync(join(tmpdir(), 'docs-links-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'docs'));
    writeFileSync(
      join(root, 'README.md'),
      [
        '# Archive',
        '## Where it `runs` (in brief)',
        '## Notes',
        '## Notes',
        'See [ops](docs/ops.md#the-admin-login), [runs](#where-it-runs-in-brief), [again](#notes-1),',
        '[a folder](docs), [the web](https://example.org/x#y) and `[code](nowhere.md)`.',
        '```',
        '[in a block](nowhere.md)',
        '```',
        'Broken: [gone](docs/gone.md), [no heading](docs/ops.md#backups), [no anchor here](#nothing),',
        '[across a',
        'line](docs/ops.md#nope).',
      ].join('\n'),
    );
    writeFileSync(join(root, 'docs/ops.md'), '# Operations\n\n## The admin login\n\nBack to [the README](../README.md#notes).\n');

    it('finds missing files and headings, and only those', () => {
      expect(brokenLinks(root, documentation(root))).toEqual([
        'README.md: docs/gone.md (no docs/gone.md)',
        'README.md: docs/ops.md#backups (no heading #backups in docs/ops.md)',
        'README.md: #nothing (no heading #nothing in README.md)',
        'README.md: docs/ops.md#nope (no heading #nope in docs/ops.md)',
      ]);
    });

    it('makes heading ids as GitHub does', () => {
      expect(githubSlug('Where the archive differs from the specification')).toBe('where-the-archive-differs-from-the-specification');
      expect(githubSlug('Public reads (`npm run bench`)')).toBe('public-reads-npm-run-bench');
      expect(githubSlug('A second recogniser, measured and not taken')).toBe('a-second-recogniser-measured-and-not-taken');
      expect(githubSlug('Scanned PDFs and whole books')).toBe('scanned-pdfs-and-whole-books');
    });
  });
});
