import type { CSSProperties } from 'react';
import { parseVerse } from '../lib/verse.js';

/**
 * A poem body as printed: one element per line so a wrapped line hangs under its own start,
 * stanza breaks as gaps, leading spaces as an indent width that never collapses.
 */
export function Verse({ body }: { body: string }) {
  const stanzas = parseVerse(body);
  return (
    <div className="verse">
      {stanzas.map((stanza, s) => (
        <p className="stanza" key={s}>
          {stanza.map((line, l) => (
            <span
              className="verse-line"
              key={l}
              style={line.indent > 0 ? ({ '--indent': line.indent } as CSSProperties) : undefined}
            >
              {line.text}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
