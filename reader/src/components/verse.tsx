import type { CSSProperties } from 'react';
import { setVerse, verseProperties } from '../../../contracts/verse.js';

/**
 * A poem body as printed (contracts/verse.ts): one element per line, stanza breaks as gaps,
 * leading spaces as an indentation that never collapses, and a line too long for the screen
 * turned over deeper than the poem's deepest indentation.
 */
export function Verse({ body, className = 'verse' }: { body: string; className?: string }) {
  const { stanzas, deepest } = setVerse(body);
  return (
    <div className={className} style={verseProperties(deepest) as CSSProperties}>
      {stanzas.map((stanza, s) => (
        <p className="stanza" key={s}>
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
