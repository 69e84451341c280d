import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Verse } from './verse.js';

describe('Verse', () => {
  it('marks a stanza that only heads what follows, so print keeps it with the next', () => {
    const html = renderToString(<Verse body={'I.\n\nThe river runs\nand sings\n\nII\n\nHAMLET.\n\nTo be'} />);
    expect([...html.matchAll(/<p class="([^"]+)">/g)].map((m) => m[1])).toEqual([
      'stanza stanza-heading',
      'stanza',
      'stanza stanza-heading',
      'stanza stanza-heading',
      'stanza',
    ]);
  });
});
