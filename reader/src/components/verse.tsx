import type { CSSProperties } from 'react';
import { isVerseHeading, setVerse, verseProperties } from '../../../contracts/verse.js';

/**
 * A poem body as printed (contracts/verse.ts): one element per line, stanza breaks as gaps,
 * leading spaces as an indentation that never collapses, and a line too long for the screen
 * turned over deeper than the poem's deepest indentation. On paper (reader.css) a page never
 * starts or ends with a single line of a stanza, and a heading stanza keeps with what follows.
 */
export function Verse({ body, className = 'verse' }: { body: string; className?: string }) {
  const { stanzas, deepest } = setVerse(body);
  return (
    <div className={className} style={verseProperties(deepest) as CSSProperties}>
      {stanzas.map((stanza, s) => (
        // A stanza that only heads what follows (a section's numeral, a speaker) stays with it on paper.
        <p className={stanza.every((line) => isVerseHeading(line.text)) ? 'stanza stanza-heading' : 'stanza'} key={s}>
          {stanza.map((line, l) => (
            <span className="verse-line" key={l} style={line.indent > 0 ? ({ '--indent': line.indent } as CSSProperties) : undefined}>
              {line.text}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
