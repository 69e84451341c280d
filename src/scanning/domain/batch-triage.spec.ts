import { describe, expect, it } from 'vitest';
import type { AssembledPoem } from './assemble-poems.js';
import { BatchTriage, type BatchTriageInput, type TriagedPoem } from './batch-triage.js';

const SWALLOWS =
  'The swallows gather on the wire\nand count the fields they flew,\nthe barley gone, the stubble fire,\nthe evenings wet with dew.';
const LANTERN =
  'A lantern swings above the gate\nand counts the moths that come too late;\nthe dog lies dreaming by the door\nof rabbits he will chase no more.';
const HARBOUR =
  'Grey water folds against the stone,\nthe gulls go over one by one,\nthe nets are mended, tarred and dry,\nand every boat is drawn up high.';

const held = (id: number, title: string, body: string, pageNumbers: number[] = []): TriagedPoem => ({ id, title, body, pageNumbers });
const read = (title: string, body: string, extra: Partial<AssembledPoem> = {}): AssembledPoem => ({
  title,
  body,
  page_numbers: [],
  source_pages: [0],
  ...extra,
});
const triage = (input: Partial<BatchTriageInput<TriagedPoem>> = {}) =>
  new BatchTriage<TriagedPoem>({ current: [], ownByIndex: new Map(), repeatedUpload: true, ...input });

describe('the scanner’s triage of each poem a scan reads', () => {
  it('adds a poem the publication does not hold', () => {
    expect(triage({ current: [held(1, 'Harbour', HARBOUR)] }).decide(0, read('Swallows', SWALLOWS))).toEqual({ kind: 'add' });
  });

  it('skips a poem the publication already holds, naming it, at 95% similarity or more', () => {
    const retyped = SWALLOWS.replace('barley', 'barly');
    const decision = triage({ current: [held(7, 'Swallows', SWALLOWS)] }).decide(0, read('SWALLOWS', retyped));
    expect(decision).toMatchObject({
      kind: 'duplicate',
      found: { title: 'SWALLOWS', matched: { id: 7, title: 'Swallows' }, matchedIn: 'publication' },
    });
    expect(decision.kind === 'duplicate' && decision.found.similarity).toBeGreaterThanOrEqual(0.95);
    expect(decision.kind === 'duplicate' && decision.found.similarity).toBeLessThan(1);
  });

  it('skips the second of two photos of one poem in a batch, pointing at the first', () => {
    const batch = triage();
    expect(batch.decide(0, read('Lantern', LANTERN))).toEqual({ kind: 'add' });
    expect(batch.decide(1, read('Lantern', LANTERN))).toEqual({
      kind: 'duplicate',
      found: { title: 'Lantern', matched: { id: null, title: 'Lantern' }, similarity: 1, matchedIn: 'batch' },
      batchIndex: 0,
    });
  });

  it("runs the publication's last poem on when the batch begins with its rest on the next printed page", () => {
    const [first, second] = [SWALLOWS.split('\n').slice(0, 2).join('\n'), SWALLOWS.split('\n').slice(2).join('\n')];
    const last = held(3, 'Swallows', first, [12]);
    const rest = read(second.split('\n')[0]!, second, { page_numbers: [13], continues: { stanzaBreak: false } });
    expect(triage({ current: [held(2, 'Harbour', HARBOUR, [11]), last] }).decide(0, rest)).toEqual({
      kind: 'join',
      poem: last,
      body: SWALLOWS,
      pageNumbers: [12, 13],
    });
    // Not on a page that does not follow, and not for a poem further into the batch.
    expect(triage({ current: [last] }).decide(0, { ...rest, page_numbers: [15] })).toEqual({ kind: 'add' });
    expect(triage({ current: [last] }).decide(1, rest)).toEqual({ kind: 'add' });
  });

  it('runs the last poem on by the folios of the pages sent before, when it was read from the last of them', () => {
    const [first, second] = [SWALLOWS.split('\n').slice(0, 2).join('\n'), SWALLOWS.split('\n').slice(2).join('\n')];
    // Its page showed no folio: between 12 and 14, it is 13.
    const last = held(3, 'Swallows', first, []);
    const rest = read(second.split('\n')[0]!, second, { page_numbers: [14], continues: { stanzaBreak: false } });
    const current = [held(2, 'Harbour', HARBOUR, [12]), last];
    expect(triage({ current, uploadedBefore: { folios: [12, undefined], lastPagePoems: [3] } }).decide(0, rest)).toEqual({
      kind: 'join',
      poem: last,
      body: SWALLOWS,
      pageNumbers: [13, 14],
    });
    // Not when the last page sent holds another poem only.
    expect(triage({ current, uploadedBefore: { folios: [12, undefined], lastPagePoems: [2] } }).decide(0, rest)).toEqual({ kind: 'add' });
  });

  it('takes a continuation as a poem of its own when the join could not be written (the poem changed meanwhile)', () => {
    const last = held(3, 'Swallows', SWALLOWS.split('\n').slice(0, 2).join('\n'), [12]);
    const rest = read('the barley gone', SWALLOWS.split('\n').slice(2).join('\n'), {
      page_numbers: [13],
      continues: { stanzaBreak: false },
    });
    const batch = triage({ current: [last] });
    expect(batch.decide(0, rest).kind).toBe('join');
    expect(batch.decide(0, rest, { joinRefused: true })).toEqual({ kind: 'add' });
  });

  it('knows a continuation already run on: a retry goes on with it, the same upload sent again skips it', () => {
    const whole = held(3, 'Swallows', SWALLOWS, [12, 13]);
    const rest = read('the barley gone', SWALLOWS.split('\n').slice(2).join('\n'), {
      page_numbers: [13],
      continues: { stanzaBreak: false },
    });
    expect(triage({ current: [whole], repeatedUpload: false }).decide(0, rest)).toEqual({ kind: 'continues', poem: whole });
    expect(triage({ current: [whole], repeatedUpload: true }).decide(0, rest)).toEqual({
      kind: 'duplicate',
      found: { title: 'the barley gone', matched: { id: 3, title: 'Swallows' }, similarity: 1, matchedIn: 'publication' },
    });
  });

  it('treats the poems an earlier attempt added as its own: a retry adds them again (idempotently), a repeated upload skips them', () => {
    const own = held(9, 'Lantern', LANTERN);
    const input = { current: [own], ownByIndex: new Map([[0, 9]]) };
    expect(triage({ ...input, repeatedUpload: false }).decide(0, read('Lantern', LANTERN))).toEqual({ kind: 'add' });
    expect(triage({ ...input, repeatedUpload: true }).decide(0, read('Lantern', LANTERN))).toEqual({
      kind: 'duplicate',
      found: { title: 'Lantern', matched: { id: 9, title: 'Lantern' }, similarity: 1, matchedIn: 'publication' },
    });
  });

  it("counts a retry's meeting with its own cut-off run's other poems as a duplicate within the batch", () => {
    const input = { current: [held(9, 'Lantern', LANTERN)], ownByIndex: new Map([[0, 9]]), repeatedUpload: false };
    expect(triage(input).decide(1, read('Lantern again', LANTERN))).toMatchObject({
      kind: 'duplicate',
      found: { matched: { id: 9 }, matchedIn: 'batch' },
    });
  });

  it('skips a page holding a run of lines from inside a held poem (a middle page sent on its own)', () => {
    const long = `${HARBOUR}\n\n${LANTERN}\n\n${SWALLOWS}`;
    const middle = LANTERN.split('\n').slice(1, 3).join('\n');
    expect(triage({ current: [held(4, 'Long', long)] }).decide(0, read('and counts the moths', middle))).toMatchObject({
      kind: 'duplicate',
      found: { matched: { id: 4, title: 'Long' }, matchedIn: 'publication' },
    });
  });

  it('on a reprocess, knows a poem by its title on the same page even after a curator rewrote its text', () => {
    const edited = held(5, 'Harbour', 'Entirely new words\nthat a curator typed in.');
    const decision = triage({ current: [edited], samePagePoems: new Map([[2, [edited]]]) }).decide(
      0,
      read('Harbour', HARBOUR, { source_pages: [2] }),
    );
    expect(decision).toMatchObject({ kind: 'duplicate', found: { matched: { id: 5, title: 'Harbour' }, matchedIn: 'publication' } });
    // The same title read from another page is a poem of its own.
    expect(
      triage({ current: [edited], samePagePoems: new Map([[2, [edited]]]) }).decide(0, read('Harbour', HARBOUR, { source_pages: [3] })),
    ).toEqual({
      kind: 'add',
    });
  });
});
