import { sampleBook, SAMPLE_POEMS } from './page-photos/page-photos.mjs';

/** A longer book of distinct poems made from the sample's lines, each poem its own choice and order of them. */
export function longBook(poemCount: number) {
  const lines = SAMPLE_POEMS.flatMap((p) =>
    p.body
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => l.trim()),
  );
  const forms = ['Song', 'Elegy', 'Letter', 'Psalm', 'Ballad', 'Prayer'];
  const places = ['River', 'Harbour', 'Orchard', 'Lantern', 'Garden', 'Meadow', 'Kitchen'];
  const poems = Array.from({ length: poemCount }, (_, k) => {
    const body = Array.from({ length: 12 }, (_, j) => lines[(k * 11 + j * 17 + j * j * k) % lines.length]!);
    return {
      title: `${forms[k % forms.length]} for the ${places[Math.floor(k / forms.length) % places.length]}`,
      body: [0, 4, 8].map((s) => body.slice(s, s + 4).join('\n')).join('\n\n'),
    };
  });
  return sampleBook({ poems });
}
