import { describe, expect, it } from 'vitest';
import { fakeCatalog } from '../../../test/support/fakes/catalog.js';
import type { PublicationFields } from '../domain/publication.js';

const CURATOR = { id: 7, username: 'editor' };
const POEM = 'The river keeps\n    its own counsel,\n\nand the stones\nremember rain.';

function fields(over: Partial<PublicationFields> = {}): PublicationFields {
  return { title: 'Collected Poems', authors: ['A. Poet'], publisher: 'Press', publicationDate: 'May 1971', isbn: '', notes: '', ...over };
}

/** A catalog with one publication holding poems typed in by a curator. */
async function bookWith(titles: string[] = [], over: Partial<PublicationFields> = {}) {
  const catalog = fakeCatalog();
  const book = await catalog.commands.createPublication(fields(over), { actor: CURATOR });
  const poems = [];
  for (const title of titles) poems.push(await catalog.commands.createPoem(book.id, { title, body: `${title} line one\nline two` }));
  return { ...catalog, book, poems };
}

const titlesOf = async (catalog: Awaited<ReturnType<typeof bookWith>>) =>
  (await catalog.queries.listPoems(catalog.book.id, { staff: true })).map((p) => p.title);

const historyOf = async (catalog: Awaited<ReturnType<typeof bookWith>>, subject: 'poem' | 'publication', id: number) =>
  (await catalog.repo.listRevisions(subject, id)).map((r) => [r.revision, r.action]);

describe('CatalogCommands: publications', () => {
  it('creates a draft with a slug, zero counts, and its first version by the curator', async () => {
    const { book, repo } = await bookWith([], { title: 'Winter Orchard' });
    expect(book).toMatchObject({
      title: 'Winter Orchard',
      slug: 'winter-orchard',
      status: 'draft',
      deletedAt: null,
      publishedAt: null,
      poemCount: 0,
      totalLines: 0,
      totalWords: 0,
      revision: 1,
    });
    const [first] = await repo.listRevisions('publication', book.id);
    expect(first).toMatchObject({
      revision: 1,
      action: 'create',
      userId: 7,
      username: 'editor',
      snapshot: { title: 'Winter Orchard', poems: [] },
    });
  });

  it('makes slugs unique and keeps a slug when the title changes', async () => {
    const { commands, book } = await bookWith([], { title: 'Night Songs' });
    const second = await commands.createPublication(fields({ title: 'Night Songs' }));
    expect([book.slug, second.slug]).toEqual(['night-songs', 'night-songs-2']);
    const renamed = await commands.updatePublication(book.id, { title: 'Day Songs' });
    expect(renamed).toMatchObject({ title: 'Day Songs', slug: 'night-songs' });
  });

  it('changes only the fields given, keeping each change as a version and a save of nothing as none', async () => {
    const catalog = await bookWith();
    const { commands, book } = catalog;
    const changed = await commands.updatePublication(book.slug, { publisher: 'Other Press' }, { actor: CURATOR });
    expect(changed).toMatchObject({ title: 'Collected Poems', authors: ['A. Poet'], publisher: 'Other Press', revision: 2 });
    const again = await commands.updatePublication(book.id, { publisher: 'Other Press' });
    expect(again.revision).toBe(2);
    expect(await historyOf(catalog, 'publication', book.id)).toEqual([
      [1, 'create'],
      [2, 'details'],
    ]);
  });

  it('tells a curator who saved on an older version which newer one they overwrote', async () => {
    const { commands, book } = await bookWith();
    await commands.updatePublication(book.id, { notes: 'mine' }, { actor: CURATOR, baseRevision: 1 });
    const theirs = await commands.updatePublication(book.id, { notes: 'theirs' }, { actor: { id: 8, username: 'other' }, baseRevision: 1 });
    expect(theirs.notes).toBe('theirs');
    expect(theirs.overwrote).toMatchObject({ revision: 2, username: 'editor' });
  });

  it('answers an unknown publication, by id or slug, with CATALOG.PUBLICATION_NOT_FOUND', async () => {
    const { commands } = await bookWith();
    await expect(commands.updatePublication(999, { title: 'x' })).rejects.toMatchObject({
      code: 'CATALOG.PUBLICATION_NOT_FOUND',
      status: 404,
    });
    await expect(commands.setStatus('no-such-book', 'published')).rejects.toMatchObject({ code: 'CATALOG.PUBLICATION_NOT_FOUND' });
    await expect(commands.createPoem(999, { title: 'x', body: 'y' })).rejects.toMatchObject({ code: 'CATALOG.PUBLICATION_NOT_FOUND' });
  });
});

describe('CatalogCommands: publishing and the trash', () => {
  it('publishes, sets published_at the first time only, and keeps publish and unpublish as versions', async () => {
    const catalog = await bookWith();
    const { commands, book } = catalog;
    const on = await commands.toggleStatus(book.id);
    expect(on.status).toBe('published');
    expect(on.publishedAt).toBeInstanceOf(Date);
    expect((await commands.toggleStatus(book.id)).status).toBe('draft');
    const again = await commands.setStatus(book.slug, 'published');
    expect(again.publishedAt).toEqual(on.publishedAt);
    expect((await historyOf(catalog, 'publication', book.id)).map(([, action]) => action)).toEqual([
      'create',
      'publish',
      'unpublish',
      'publish',
    ]);
  });

  it('refuses a status change in the trash (409) and changes nothing', async () => {
    const { commands, repo, book } = await bookWith();
    const trashed = await commands.moveToTrash(book.id);
    await expect(commands.setStatus(book.id, 'published')).rejects.toMatchObject({ code: 'CATALOG.IN_TRASH', status: 409 });
    await expect(commands.toggleStatus(book.id)).rejects.toMatchObject({ code: 'CATALOG.IN_TRASH' });
    expect(await repo.findPublication({ id: book.id })).toMatchObject({ status: 'draft', revision: trashed.revision, publishedAt: null });
  });

  it('moves to the trash and restores, as versions; restoring what is not in the trash is a 409', async () => {
    const catalog = await bookWith();
    const { commands, book } = catalog;
    const trashed = await commands.moveToTrash(book.id, { actor: CURATOR });
    expect(trashed.deletedAt).toBeInstanceOf(Date);
    expect((await catalog.repo.listPublications('active')).items.map((p) => p.id)).not.toContain(book.id);
    expect((await catalog.repo.listPublications('trash')).items.map((p) => p.id)).toEqual([book.id]);
    const restored = await commands.restore(book.id);
    expect(restored.deletedAt).toBeNull();
    await expect(commands.restore(book.id)).rejects.toMatchObject({ code: 'CATALOG.NOT_IN_TRASH', status: 409 });
    expect((await historyOf(catalog, 'publication', book.id)).map(([, action]) => action)).toEqual(['create', 'trash', 'untrash']);
  });

  it('deletes forever only from the trash, with its poems and history, and then tells scanning', async () => {
    const { commands, events, repo, book, poems } = await bookWith(['One', 'Two']);
    const purged: number[] = [];
    events.onPublicationPurged(async (id) => void purged.push(id));
    await expect(commands.permanentlyDelete(book.id)).rejects.toMatchObject({ code: 'CATALOG.NOT_IN_TRASH', status: 409 });
    expect(await repo.findPublication({ id: book.id })).not.toBeNull();
    expect(purged).toEqual([]);

    await commands.moveToTrash(book.id);
    expect(await commands.permanentlyDelete(book.slug)).toEqual({ id: book.id, deletedPoems: 2 });
    expect(purged).toEqual([book.id]);
    expect(await repo.findPublication({ id: book.id })).toBeNull();
    expect(await repo.findPoem({ id: poems[0].id })).toBeNull();
    expect(await repo.listRevisions('poem', poems[0].id)).toEqual([]);
    await expect(commands.permanentlyDelete(book.id)).rejects.toMatchObject({ code: 'CATALOG.PUBLICATION_NOT_FOUND' });
  });

  it('keeps the deletion when scanning fails to clean up after it', async () => {
    const { commands, events, repo, book } = await bookWith();
    events.onPublicationPurged(async () => {
      throw new Error('page store down');
    });
    await commands.moveToTrash(book.id);
    await expect(commands.permanentlyDelete(book.id)).resolves.toEqual({ id: book.id, deletedPoems: 0 });
    expect(await repo.findPublication({ id: book.id })).toBeNull();
  });
});

describe('CatalogCommands: poems', () => {
  it('adds a typed poem after the last one with its counts, indentation kept, as its first version', async () => {
    const { commands, queries, book } = await bookWith(['First']);
    const poem = await commands.createPoem(book.id, { title: 'The River', body: POEM, pageNumbers: [12] }, { actor: CURATOR });
    expect(poem).toMatchObject({
      title: 'The River',
      slug: 'the-river',
      body: POEM,
      lineCount: 4,
      wordCount: 11,
      position: 2,
      revision: 1,
    });
    expect(await queries.getPublication(book.id, { staff: true })).toMatchObject({ poemCount: 2, totalLines: 6, totalWords: 16 });
  });

  it('refuses a poem for a publication in the trash (409), adding nothing', async () => {
    const { commands, repo, book } = await bookWith(['First']);
    await commands.moveToTrash(book.id);
    await expect(commands.createPoem(book.id, { title: 'Late', body: 'text' })).rejects.toMatchObject({ code: 'CATALOG.IN_TRASH' });
    expect((await repo.listPoems(book.id)).map((p) => p.title)).toEqual(['First']);
  });

  it('sets a new reading order, answers the poems in it, and keeps the order as a version', async () => {
    const catalog = await bookWith(['A', 'B', 'C']);
    const [a, b, c] = catalog.poems;
    const answered = await catalog.commands.reorderPoems(catalog.book.id, [c.id, a.id, b.id], { actor: CURATOR });
    expect(answered.map((p) => [p.title, p.position])).toEqual([
      ['C', 1],
      ['A', 2],
      ['B', 3],
    ]);
    expect(await titlesOf(catalog)).toEqual(['C', 'A', 'B']);
    const latest = (await catalog.repo.listRevisions('publication', catalog.book.id)).at(-1)!;
    expect(latest).toMatchObject({ action: 'reorder', snapshot: { poems: [{ title: 'C' }, { title: 'A' }, { title: 'B' }] } });
  });

  it('refuses an order that does not name every poem once, naming the ids, and keeps the old order', async () => {
    const catalog = await bookWith(['A', 'B', 'C']);
    const [a, b] = catalog.poems;
    const before = catalog.book.revision;
    await expect(catalog.commands.reorderPoems(catalog.book.id, [b.id, a.id, a.id, 999])).rejects.toMatchObject({
      code: 'CATALOG.POEM_ORDER_MISMATCH',
      status: 409,
      details: { unknown_poem_ids: [999], repeated_poem_ids: [a.id], missing_poem_ids: [catalog.poems[2].id] },
    });
    expect(await titlesOf(catalog)).toEqual(['A', 'B', 'C']);
    expect((await catalog.repo.findPublication({ id: catalog.book.id }))!.revision).toBe(before);
  });

  it('edits only the fields given, recounting, and keeps the edit as a version', async () => {
    const catalog = await bookWith(['Draft Title']);
    const [poem] = catalog.poems;
    const saved = await catalog.commands.updatePoem(poem.id, { body: 'one line now' }, { actor: CURATOR, baseRevision: 1 });
    expect(saved).toMatchObject({ title: 'Draft Title', body: 'one line now', lineCount: 1, wordCount: 3, revision: 2 });
    expect(saved.overwrote).toBeUndefined();
    const unchanged = await catalog.commands.updatePoem(poem.slug, { title: 'Draft Title' });
    expect(unchanged.revision).toBe(2);
    expect(await historyOf(catalog, 'poem', poem.id)).toEqual([
      [1, 'create'],
      [2, 'edit'],
    ]);
  });

  it('gives a scanned poem its first version, as scanned, when a curator first edits it', async () => {
    const catalog = await bookWith();
    const [scanned] = await catalog.commands.addPoems(catalog.book.id, [{ title: 'Read by the scanner', body: 'teh river' }]);
    expect(scanned.revision).toBe(0);
    await catalog.commands.updatePoem(scanned.id, { body: 'the river' }, { actor: CURATOR, baseRevision: 0 });
    const revisions = await catalog.repo.listRevisions('poem', scanned.id);
    expect(revisions.map((r) => [r.revision, r.action, r.username, (r.snapshot as { body: string }).body])).toEqual([
      [1, 'original', null, 'teh river'],
      [2, 'edit', 'editor', 'the river'],
    ]);
  });

  it('tells the later of two curators editing one poem that they overwrote the other', async () => {
    const { commands, poems } = await bookWith(['Shared']);
    await commands.updatePoem(poems[0].id, { body: 'my correction' }, { actor: CURATOR, baseRevision: 1 });
    const theirs = await commands.updatePoem(
      poems[0].id,
      { body: 'their correction' },
      { actor: { id: 8, username: 'other' }, baseRevision: 1 },
    );
    expect(theirs).toMatchObject({ body: 'their correction', revision: 3, overwrote: { revision: 2, username: 'editor' } });
  });

  it('deletes a poem keeping its deletion in its history, so the book can list it as deleted', async () => {
    const catalog = await bookWith(['One', 'Two', 'Three']);
    const two = catalog.poems[1];
    catalog.clock.advanceMinutes(5);
    expect(await catalog.commands.deletePoem(two.id, { actor: CURATOR })).toEqual({ id: two.id, revision: 2 });
    expect(await titlesOf(catalog)).toEqual(['One', 'Three']);
    expect(await historyOf(catalog, 'poem', two.id)).toEqual([
      [1, 'create'],
      [2, 'delete'],
    ]);
    const [deleted] = await catalog.repo.deletedPoems(catalog.book.id);
    expect(deleted).toMatchObject({ subjectId: two.id, revision: 2, snapshot: { title: 'Two', deleted: true } });
    expect((await catalog.repo.findPublication({ id: catalog.book.id }))!.updatedAt).toEqual(catalog.clock.now());
    await expect(catalog.commands.deletePoem(two.id)).rejects.toMatchObject({ code: 'CATALOG.POEM_NOT_FOUND', status: 404 });
  });

  it('removes only the poems listed, keeping the rest in their order; nothing for an empty list', async () => {
    const catalog = await bookWith(['A', 'B', 'C', 'D']);
    const [a, , c] = catalog.poems;
    expect(await catalog.commands.clearPoems(catalog.book.id, [c.id, a.id])).toEqual({ deletedPoems: 2 });
    expect(await titlesOf(catalog)).toEqual(['B', 'D']);
    expect(await catalog.commands.clearPoems(catalog.book.id, [])).toEqual({ deletedPoems: 0 });
    expect(await titlesOf(catalog)).toEqual(['B', 'D']);
    expect(await catalog.commands.clearPoems(catalog.book.id)).toEqual({ deletedPoems: 2 });
    expect(await titlesOf(catalog)).toEqual([]);
  });

  it("removes nothing when one listed poem is another publication's, naming it", async () => {
    const catalog = await bookWith(['A', 'B']);
    const other = await catalog.commands.createPublication(fields({ title: 'Other' }));
    const foreign = await catalog.commands.createPoem(other.id, { title: 'Elsewhere', body: 'x' });
    await expect(catalog.commands.clearPoems(catalog.book.id, [catalog.poems[0].id, foreign.id])).rejects.toMatchObject({
      code: 'CATALOG.POEMS_NOT_IN_PUBLICATION',
      status: 409,
      details: { poem_ids: [foreign.id] },
    });
    expect(await titlesOf(catalog)).toEqual(['A', 'B']);
  });

  it("discards a wizard session's scans before removing their poems, and keeps the poems when scanning refuses", async () => {
    const catalog = await bookWith(['A', 'B']);
    const heard: unknown[] = [];
    let refuse = true;
    catalog.events.onScansDiscarded(async (publicationId, scans) => {
      heard.push([publicationId, scans, await titlesOf(catalog)]);
      if (refuse) throw new Error('not an upload of this publication');
    });
    const ids = [catalog.poems[1].id];
    await expect(catalog.commands.clearPoems(catalog.book.slug, ids, ['scan-1-aa'])).rejects.toThrow('not an upload');
    expect(await titlesOf(catalog)).toEqual(['A', 'B']);
    refuse = false;
    expect(await catalog.commands.clearPoems(catalog.book.slug, ids, ['scan-1-aa'])).toEqual({ deletedPoems: 1 });
    expect(heard.at(-1)).toEqual([catalog.book.id, { jobIds: ['scan-1-aa'], poemIds: ids }, ['A', 'B']]);
    expect(await titlesOf(catalog)).toEqual(['A']);
  });
});

describe('CatalogCommands: scanned poems', () => {
  it('adds a scanned poem once per source key, answering the one already there when sent again', async () => {
    const catalog = await bookWith(['Typed']);
    const scanned = { title: 'Found', body: 'read from a page', sourceKey: 'scan-1-aa:0' };
    const [first] = await catalog.commands.addScannedPoems(catalog.book.id, [scanned]);
    expect(first).toMatchObject({ title: 'Found', position: 2, revision: 0 });
    const [again] = await catalog.commands.addScannedPoems(catalog.book.id, [
      scanned,
      { ...scanned, title: 'New', sourceKey: 'scan-1-aa:1' },
    ]);
    expect(again.id).toBe(first.id);
    expect(await titlesOf(catalog)).toEqual(['Typed', 'Found', 'New']);
    expect(await catalog.commands.poemIdsForSourceKeys(['scan-1-aa:0', 'scan-1-aa:9'])).toEqual(new Map([['scan-1-aa:0', first.id]]));
  });

  it("runs a poem on with a later scan's continuation, unless its text changed since it was read", async () => {
    const catalog = await bookWith();
    const [held] = await catalog.commands.addScannedPoems(catalog.book.id, [
      { title: 'Long', body: 'first page', pageNumbers: [4], sourceKey: 'scan-1-aa:0' },
    ]);
    const stale = await catalog.commands.continueScannedPoem(held.id, { was: 'something else', body: 'x', pageNumbers: [4, 5] });
    expect(stale).toBeNull();
    expect((await catalog.repo.findPoem({ id: held.id }))!.body).toBe('first page');
    const joined = await catalog.commands.continueScannedPoem(held.id, {
      was: 'first page',
      body: 'first page\nsecond page',
      pageNumbers: [4, 5],
    });
    expect(joined).toMatchObject({ body: 'first page\nsecond page', pageNumbers: [4, 5], lineCount: 2, revision: 0 });
    await expect(catalog.commands.continueScannedPoem(999, { was: '', body: '', pageNumbers: [] })).rejects.toMatchObject({
      code: 'CATALOG.POEM_NOT_FOUND',
    });
  });

  it('keeps a run-on as a scan version of a poem that already has a history', async () => {
    const catalog = await bookWith(['Edited']);
    const [poem] = catalog.poems;
    await catalog.commands.continueScannedPoem(poem.id, { was: poem.body, body: `${poem.body}\nline three`, pageNumbers: [2, 3] });
    expect(await historyOf(catalog, 'poem', poem.id)).toEqual([
      [1, 'create'],
      [2, 'scan'],
    ]);
  });
});
