import { describe, expect, it } from 'vitest';
import { fakeCatalog } from '../../../test/support/fakes/catalog.js';
import { CatalogHistory } from './catalog-history.js';
import { CatalogError } from '../domain/catalog.errors.js';

const ANN = { id: 1, username: 'ann' };
const BOB = { id: 2, username: 'bob' };

/** A book with three poems typed in, all As scanned. */
async function book() {
  const catalog = fakeCatalog();
  const publication = await catalog.commands.createPublication(
    { title: 'Collected Poems', authors: [], publisher: '', publicationDate: '', isbn: '', notes: '' },
    { actor: ANN },
  );
  const poems = [];
  for (const title of ['One', 'Two', 'Three'])
    poems.push(await catalog.commands.createPoem(publication.id, { title, body: `${title} line\nsecond line` }, { actor: ANN }));
  return { ...catalog, history: new CatalogHistory(catalog.repo), publication, poems };
}

async function refusal(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (err) {
    return err instanceof CatalogError ? err.code : String(err);
  }
  return undefined;
}

describe('CatalogCommands: a poem status', () => {
  it('takes a poem from As scanned to Checked by two curators, each change a version with who made it', async () => {
    const { commands, repo, poems } = await book();
    expect(poems[0]).toMatchObject({ status: 'as_scanned', proofreadBy: null, proofreadAt: null });
    const proofread = await commands.setPoemStatus(poems[0].id, 'proofread', ANN);
    expect(proofread).toMatchObject({ status: 'proofread', proofreadBy: ANN });
    expect(proofread.proofreadAt).toBeInstanceOf(Date);
    const checked = await commands.setPoemStatus(poems[0].id, 'checked', BOB);
    expect(checked).toMatchObject({ status: 'checked', proofreadBy: ANN });
    const history = await repo.listRevisions('poem', poems[0].id);
    expect(history.map((r) => [r.action, r.username, (r.snapshot as { status?: string }).status])).toEqual([
      ['create', 'ann', 'as_scanned'],
      ['proofread', 'ann', 'proofread'],
      ['check', 'bob', 'checked'],
    ]);
  });

  it('refuses Checked from the curator who proofread it, changing nothing', async () => {
    const { commands, repo, poems } = await book();
    await commands.setPoemStatus(poems[0].id, 'proofread', ANN);
    const committed = repo.committed;
    expect(await refusal(commands.setPoemStatus(poems[0].id, 'checked', ANN))).toBe('CATALOG.OWN_PROOFREADING');
    expect(await refusal(commands.setPoemStatus(poems[1].id, 'checked', BOB))).toBe('CATALOG.POEM_NOT_PROOFREAD');
    expect(repo.committed).toBe(committed);
    expect((await repo.findPoem({ id: poems[0].id }))!.status).toBe('proofread');
    expect((await repo.listRevisions('poem', poems[0].id)).map((r) => r.action)).toEqual(['create', 'proofread']);
  });

  it('keeps no version when the status is marked again, and finds no missing poem', async () => {
    const { commands, repo, poems } = await book();
    await commands.setPoemStatus(poems[0].id, 'proofread', ANN);
    await commands.setPoemStatus(poems[0].id, 'proofread', BOB);
    expect((await repo.findPoem({ id: poems[0].id }))!.proofreadBy).toEqual(ANN);
    expect((await repo.listRevisions('poem', poems[0].id)).length).toBe(2);
    expect(await refusal(commands.setPoemStatus(999, 'proofread', ANN))).toBe('CATALOG.POEM_NOT_FOUND');
  });

  it('returns a Checked poem to Proofread when its text is edited, the editor now its proofreader', async () => {
    const { commands, repo, poems } = await book();
    await commands.setPoemStatus(poems[0].id, 'proofread', ANN);
    await commands.setPoemStatus(poems[0].id, 'checked', BOB);
    // Notes are not the text read against the page.
    expect(await commands.updatePoem(poems[0].id, { notes: 'a note' }, { actor: BOB })).toMatchObject({ status: 'checked' });
    const edited = await commands.updatePoem(poems[0].id, { body: 'One line, corrected\nsecond line' }, { actor: BOB });
    expect(edited).toMatchObject({ status: 'proofread', proofreadBy: BOB });
    expect(await refusal(commands.setPoemStatus(poems[0].id, 'checked', BOB))).toBe('CATALOG.OWN_PROOFREADING');
    expect(await commands.setPoemStatus(poems[0].id, 'checked', ANN)).toMatchObject({ status: 'checked' });
    const actions = (await repo.listRevisions('poem', poems[0].id)).map((r) => [r.action, (r.snapshot as { status?: string }).status]);
    expect(actions.slice(-3)).toEqual([
      ['edit', 'checked'],
      ['edit', 'proofread'],
      ['check', 'checked'],
    ]);
  });

  it('an edit leaves a Proofread poem and its proofreader as they are', async () => {
    const { commands, poems } = await book();
    await commands.setPoemStatus(poems[0].id, 'proofread', ANN);
    expect(await commands.updatePoem(poems[0].id, { title: 'One, retitled' }, { actor: BOB })).toMatchObject({
      status: 'proofread',
      proofreadBy: ANN,
    });
  });

  it('restoring an older text of a Checked poem returns it to Proofread, its status not restored', async () => {
    const { commands, history, poems } = await book();
    await commands.setPoemStatus(poems[0].id, 'proofread', ANN);
    await commands.setPoemStatus(poems[0].id, 'checked', BOB);
    const restored = await history.restorePoem(poems[0].id, 1, BOB);
    expect(restored.poem).toMatchObject({ status: 'checked' }); // version 1 has the same text: nothing changed
    await commands.updatePoem(poems[0].id, { body: 'changed' }, { actor: ANN });
    await commands.setPoemStatus(poems[0].id, 'checked', BOB);
    const back = await history.restorePoem(poems[0].id, 1, BOB);
    expect(back.poem).toMatchObject({ body: 'One line\nsecond line', status: 'proofread', proofreadBy: BOB });
  });

  it("counts a book's progress, Checked counted as proofread too, and filters its poems by status", async () => {
    const { commands, queries, publication, poems } = await book();
    await commands.setPoemStatus(poems[0].id, 'proofread', ANN);
    await commands.setPoemStatus(poems[1].id, 'proofread', ANN);
    await commands.setPoemStatus(poems[1].id, 'checked', BOB);
    expect(await queries.getPublication(publication.id, { staff: true })).toMatchObject({
      poemCount: 3,
      proofreadCount: 2,
      checkedCount: 1,
    });
    const titles = async (status?: 'as_scanned' | 'proofread' | 'checked') =>
      (await queries.listPoems(publication.id, { staff: true }, status)).map((p) => p.title);
    expect(await titles('as_scanned')).toEqual(['Three']);
    expect(await titles('proofread')).toEqual(['One']);
    expect(await titles('checked')).toEqual(['Two']);
    expect(await titles()).toEqual(['One', 'Two', 'Three']);
  });

  it('a scan that runs a proofread poem on returns it to As scanned', async () => {
    const { commands, poems } = await book();
    await commands.setPoemStatus(poems[2].id, 'proofread', ANN);
    const continued = await commands.continueScannedPoem(poems[2].id, {
      was: poems[2].body,
      body: `${poems[2].body}\nthe next page`,
      pageNumbers: [3, 4],
    });
    expect(continued).toMatchObject({ status: 'as_scanned', proofreadBy: null });
  });
});
