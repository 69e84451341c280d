import type { PublishedRecording } from '../../recordings/index.js';
import { recordingUuid } from '../../recordings/index.js';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { RECORDINGS_FEED_PATH, RECORDINGS_PATH } from '../../../contracts/reader-routes.js';
import { authorsText, refOf } from '../../../contracts/format.js';
import { withoutRefusedCharacters } from '../../common/text-rules.js';
import { readerAndWhen, readerName } from '../../../contracts/recordings.js';
import { escapeXml } from '../domain/sitemap.js';

/**
 * The recordings as a podcast: RSS 2.0 with an enclosure per recording and the tags podcast apps
 * read (Apple's itunes namespace, which the others read too), items in book order. The same
 * recordings always give the same bytes (nothing in it is the time it was made), so its ETag holds
 * until a recording, a book or the site settings change.
 */

// The archive refuses control characters on input; any from before that rule would make the feed
// invalid XML, so they go here too.
const x = (text: string) => escapeXml(withoutRefusedCharacters(text));

/** When an item became public: added to the archive, or its book published, whichever came later. */
function publishedAt({ recording, publication }: PublishedRecording): Date {
  const published = publication.publishedAt?.getTime() ?? 0;
  return new Date(Math.max(recording.createdAt.getTime(), published));
}

function item(heard: PublishedRecording, episode: number, s: PublicSiteSettings): string {
  const { publication, poem, recording } = heard;
  const poemTitle = poem.title.trim() || 'Untitled';
  const reader = readerName(recording, s.poetName);
  const when = recording.recorded.trim();
  const title = `${poemTitle} — read by ${readerAndWhen(recording, s.poetName)}`;
  const book = `${s.publicUrl}/publication/${encodeURIComponent(refOf(publication))}`;
  const about = [
    `${poemTitle}, from ${publication.title.trim() || 'Untitled'} by ${authorsText(publication.authors, s.poetName)}, read by ${reader}${when ? ` (${when})` : ''}.`,
    recording.source.trim() && `Source: ${recording.source.trim()}.`,
    recording.notes.trim(),
  ]
    .filter(Boolean)
    .join('\n\n');
  return `<item>
<title>${x(title)}</title>
<link>${x(`${book}/${encodeURIComponent(refOf(poem))}`)}</link>
<guid isPermaLink="false">urn:uuid:${x(recordingUuid(recording.storageKey))}</guid>
<pubDate>${publishedAt(heard).toUTCString()}</pubDate>
<description>${x(about)}</description>
<enclosure url="${x(`${s.publicUrl}/api/recordings/${recording.id}/file`)}" length="${recording.byteSize}" type="${x(recording.mimeType)}"/>
<itunes:title>${x(title)}</itunes:title>
<itunes:author>${x(reader)}</itunes:author>
<itunes:duration>${Math.max(1, Math.round(recording.durationSeconds))}</itunes:duration>
<itunes:episode>${episode}</itunes:episode>
<itunes:episodeType>full</itunes:episodeType>
<itunes:explicit>false</itunes:explicit>
</item>`;
}

/** The feed of every published recording, `heard` in book order. */
export function podcastFeedXml(heard: readonly PublishedRecording[], s: PublicSiteSettings): string {
  const page = `${s.publicUrl}${RECORDINGS_PATH}`;
  const title = `${s.siteName}: Recordings`;
  const portrait = s.portrait ? `${s.publicUrl}${s.portrait.url}` : undefined;
  const latest = heard.reduce<Date | undefined>((last, h) => {
    const at = publishedAt(h);
    return !last || at > last ? at : last;
  }, undefined);
  const image = portrait
    ? `<itunes:image href="${x(portrait)}"/>
<image>
<url>${x(portrait)}</url>
<title>${x(title)}</title>
<link>${x(page)}</link>
</image>
`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${x(title)}</title>
<link>${x(page)}</link>
<atom:link href="${x(s.publicUrl + RECORDINGS_FEED_PATH)}" rel="self" type="application/rss+xml"/>
<description>${x(`The poems of ${s.poetName} read aloud, book by book. ${s.description}`.trim())}</description>
<language>en</language>
${latest ? `<lastBuildDate>${latest.toUTCString()}</lastBuildDate>\n` : ''}<copyright>${x(s.footerCredit)}</copyright>
<itunes:author>${x(s.poetName)}</itunes:author>
<itunes:type>serial</itunes:type>
<itunes:explicit>false</itunes:explicit>
<itunes:category text="Arts">
<itunes:category text="Books"/>
</itunes:category>
${image}${heard.map((h, i) => item(h, i + 1, s)).join('\n')}
</channel>
</rss>
`;
}
