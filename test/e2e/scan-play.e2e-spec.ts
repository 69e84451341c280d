/**
 * A verse play scanned page by page: each page sent in an upload of its own into one publication
 * comes out as the scene the whole batch gives, its speakers' names lines of the scene's text,
 * never poems of their own. The first pages show enough speeches to be read as a play alone; the
 * last holds two, and is read as one because the scene it continues already shows the names. A
 * page whose number cannot be read (a scan that cut it off) still continues the scene: its speakers
 * show it does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poemSimilarity } from '../../src/scanning/domain/duplicates/poem-similarity.js';
import { renderBookPages, sampleBook, type RenderedBook } from '../support/page-photos/page-photos.mjs';
import { createPublication, staffAgent, startTestApp, type TestAgent, type TestApp } from '../support/test-app.js';

/** A speech: the speaker's name over its lines, set apart by a blank line as a play's text prints it. */
const speech = (name: string, ...lines: string[]) => [name, '', ...lines].join('\n');

const SCENE = [
  speech('MARTHA', 'The lamp is low, and still he does not come;', 'the road is white with frost from here to town.'),
  speech('THOMAS', 'He will be here before the clock strikes one.', 'The mare is slow, the river bridge is down.'),
  speech('MARTHA', 'You said as much at nine, and then at ten.'),
  speech('EDMUND', 'I saw a lantern moving by the mill,', 'and heard the gate, and then the dogs again.'),
  speech('MARTHA', 'Then go and meet him, if you have the will.'),
  speech('THOMAS', 'I have the will, but not the boots for snow;', 'my father wore them out before he died.'),
  speech('EDMUND', 'Take mine, and take the stick beside the door.'),
  speech('MARTHA', 'And take the shawl, the old one, green and wide,', 'and tell him that the supper waits no more.'),
  speech('THOMAS', 'I hear the mare. I hear her on the stones.'),
  speech('EDMUND', 'It is the wind that rattles at the pane.'),
  speech('MARTHA', 'It is the mare. I know her tread, her groans,', 'the way she shakes the harness in the lane.'),
  speech('THOMAS', 'Then open, Edmund. Let the traveller in.'),
  speech('EDMUND', 'The bolt is stiff with cold, it will not give.'),
  speech('MARTHA', 'Then break it, boy, as surely as you live,', 'and let the night be over with the din.'),
].join('\n\n');
const SPEAKERS = ['Martha', 'Thomas', 'Edmund'];

type Poem = { title: string; body: string; page_numbers: number[] };

describe('a verse play uploaded one page at a time', () => {
  let t: TestApp;
  let agent: TestAgent;
  let book: RenderedBook;
  let batch: Poem[];
  let onePerUpload: Poem[];
  let unnumbered: Poem[];

  const upload = (id: number, images: Buffer[]) => {
    const req = agent.post(`/api/publications/${id}/batch_upload_pages/`);
    images.forEach((image, i) => req.attach(`page_${i}`, image, { filename: `page-${i}.jpg`, contentType: 'image/jpeg' }));
    return req.expect(200);
  };
  const poemsOf = async (id: number) => (await agent.get(`/api/publications/${id}/poems/?admin=true`).expect(200)).body as Poem[];

  beforeAll(async () => {
    book = await renderBookPages(
      { ...sampleBook(), title: 'The Winter Road', poems: [{ title: 'ACT ONE', body: SCENE }] },
      { speakerNames: true, rotate: false },
    );
    t = await startTestApp('pglite');
    ({ agent } = await staffAgent(t));
    const together = await createPublication(agent, 'The Winter Road, sent together');
    await upload(
      together,
      book.pages.map((p) => p.image),
    );
    batch = await poemsOf(together);
    const alone = await createPublication(agent, 'The Winter Road, page by page');
    for (const page of book.pages) await upload(alone, [page.image]);
    onePerUpload = await poemsOf(alone);
    // The same pages, the middle one's number cut off.
    const cut = await renderBookPages(
      { ...sampleBook(), title: 'The Winter Road', poems: [{ title: 'ACT ONE', body: SCENE }] },
      { speakerNames: true, rotate: false, unreadableFolios: [12] },
    );
    const cutAlone = await createPublication(agent, 'The Winter Road, page by page, a number cut off');
    for (const page of cut.pages) await upload(cutAlone, [page.image]);
    unnumbered = await poemsOf(cutAlone);
  });
  afterAll(async () => t?.close());

  it('renders a scene over three pages, the last with two speeches', () => {
    expect(book.poems.map((p) => p.page_numbers)).toEqual([[11, 12, 13]]);
    expect(book.pages[2].parts[0].lines.filter((l) => /^[A-Z]+$/.test(l))).toEqual(['EDMUND', 'MARTHA']);
  });

  it('reads the pages sent together as one scene with the speakers in its text', () => {
    expect(batch.map((p) => [p.title, p.page_numbers])).toEqual([['Act One', [11, 12, 13]]]);
    expect(poemSimilarity(batch[0].body, SCENE)).toBeGreaterThanOrEqual(0.97);
  });

  it('gives the same scene when each page comes in an upload of its own, no poem titled with a name', () => {
    expect(onePerUpload.map((p) => p.title).filter((title) => SPEAKERS.includes(title))).toEqual([]);
    expect(onePerUpload.map((p) => [p.title, p.page_numbers])).toEqual([['Act One', [11, 12, 13]]]);
    expect(onePerUpload[0].body).toBe(batch[0].body);
    // Every speech under its speaker, in order, across both page turns.
    const names = onePerUpload[0].body.split('\n').filter((l) => /^[A-Z]+$/.test(l.trim()));
    expect(names).toEqual(SCENE.split('\n').filter((l) => /^[A-Z]+$/.test(l)));
  });

  it('continues the scene over a page whose number cannot be read, which takes the number between its neighbours', () => {
    expect(unnumbered.map((p) => [p.title, p.page_numbers])).toEqual([['Act One', [11, 12, 13]]]);
    expect(unnumbered[0].body).toBe(batch[0].body);
  });
});
