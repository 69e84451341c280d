import type { IndexData, IndexEntry, Load, PublicSiteSettings } from '../../../contracts/reader-page.js';
import { refOf } from '../../../contracts/format.js';
import { Layout } from '../components/layout.js';
import { Link } from '../components/navigation.js';
import { LoadingPage, NotFoundPage } from '../components/page-states.js';
import { ServerErrorPanel } from '../components/server-error.js';
import { paths } from '../lib/routes.js';

const NAMES = { 'first-lines': 'First Lines', titles: 'Titles' } as const;

/** Runs of entries under one letter, in the order the server sorted them. */
function byLetter(entries: IndexEntry[]): [string, IndexEntry[]][] {
  const groups: [string, IndexEntry[]][] = [];
  for (const entry of entries) {
    const open = groups[groups.length - 1];
    if (open && open[0] === entry.letter) open[1].push(entry);
    else groups.push([entry.letter, [entry]]);
  }
  return groups;
}

const letterId = (letter: string) => `letter-${letter === '#' ? 'other' : letter}`;

/** /index/{first-lines|titles} and /publication/{book}/index/{...}: alphabetical indexes of poems. */
export function IndexPage({ index, settings }: { index: Load<IndexData>; settings: PublicSiteSettings }) {
  if (index.state === 'loading') return <LoadingPage settings={settings} text="Loading index..." />;
  if (index.state === 'error') {
    if (index.error.status === 404)
      return <NotFoundPage settings={settings} heading="Publication Not Found" message="Publication not found" />;
    return (
      <Layout settings={settings}>
        <div className="container page-pad">
          <ServerErrorPanel error={index.error} />
        </div>
      </Layout>
    );
  }
  const { kind, publication, entries } = index.data;
  const bookRef = publication ? refOf(publication) : undefined;
  const groups = byLetter(entries);
  const other = kind === 'first-lines' ? 'titles' : 'first-lines';
  return (
    <Layout settings={settings}>
      <div className="container page-pad index-page">
        {publication && (
          <nav aria-label="Back" className="back-nav">
            <Link href={paths.publication(bookRef!)}>
              <span aria-hidden="true">←</span> Back to Contents
            </Link>
          </nav>
        )}
        <h1 className="page-title">Index of {NAMES[kind]}</h1>
        <p className="page-intro">
          {publication ? (
            <>
              The poems of{' '}
              <cite>
                <bdi>{publication.title}</bdi>
              </cite>{' '}
              by their {kind === 'titles' ? 'titles' : 'first lines'}, alphabetically.
            </>
          ) : (
            <>Every poem in the archive by its {kind === 'titles' ? 'title' : 'first line'}, alphabetically.</>
          )}{' '}
          <a href={paths.index(other, bookRef)}>Index of {NAMES[other].toLowerCase()}</a>
        </p>
        {entries.length === 0 ? (
          <p className="empty-text">No poems to list yet.</p>
        ) : (
          <>
            <nav aria-label="Letters" className="letter-nav">
              <ul>
                {groups.map(([letter]) => (
                  <li key={letter}>
                    <a href={`#${letterId(letter)}`}>{letter}</a>
                  </li>
                ))}
              </ul>
            </nav>
            {groups.map(([letter, list]) => (
              <section key={letter} aria-labelledby={letterId(letter)} className="index-group">
                <h2 id={letterId(letter)} className="index-letter">
                  {letter}
                </h2>
                <ul className="index-list">
                  {list.map((e) => (
                    <li key={`${e.publication_ref}/${e.poem_ref}`}>
                      <Link href={paths.bookPoem(e.publication_ref, e.poem_ref)} className="index-text">
                        <bdi>{e.text}</bdi>
                      </Link>
                      <IndexSource entry={e} kind={kind} wholeArchive={!publication} />
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </>
        )}
      </div>
    </Layout>
  );
}

/** Beside an entry: the poem's title when the entry is its first line, and the book in the archive's index. */
function IndexSource({ entry, kind, wholeArchive }: { entry: IndexEntry; kind: IndexData['kind']; wholeArchive: boolean }) {
  const parts: string[] = [];
  if (kind === 'first-lines' && entry.poem_title && entry.poem_title !== entry.text) parts.push(entry.poem_title);
  if (wholeArchive) parts.push(entry.publication_title);
  if (parts.length === 0) return null;
  return <span className="index-source"> — {parts.join(', ')}</span>;
}
