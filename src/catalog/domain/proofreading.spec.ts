import { describe, expect, it } from 'vitest';
import { CatalogError } from './catalog.errors.js';
import { afterScan, afterTextEdit, AS_SCANNED, markPoem, textChanged, type Proofreading } from './proofreading.js';

const ann = { id: 1, username: 'ann' };
const bob = { id: 2, username: 'bob' };
const T1 = new Date('2026-01-01T00:00:00.000Z');
const T2 = new Date('2026-02-01T00:00:00.000Z');

const proofreadByAnn: Proofreading = { status: 'proofread', proofreadBy: ann, proofreadAt: T1 };

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (err) {
    return err instanceof CatalogError ? err.code : String(err);
  }
  return undefined;
}

describe('poem status', () => {
  it('goes As scanned → Proofread → Checked, the proofreader kept through Checked', () => {
    const proofread = markPoem(AS_SCANNED, 'proofread', ann, T1);
    expect(proofread).toEqual(proofreadByAnn);
    expect(markPoem(proofread, 'checked', bob, T2)).toEqual({ status: 'checked', proofreadBy: ann, proofreadAt: T1 });
  });

  it('refuses Checked from the curator who proofread it, with its own code', () => {
    expect(refusal(() => markPoem(proofreadByAnn, 'checked', ann, T2))).toBe('CATALOG.OWN_PROOFREADING');
  });

  it('refuses Checked before Proofread', () => {
    expect(refusal(() => markPoem(AS_SCANNED, 'checked', bob, T2))).toBe('CATALOG.POEM_NOT_PROOFREAD');
  });

  it('lets anyone check a poem whose proofreader is not known', () => {
    const unknown: Proofreading = { status: 'proofread', proofreadBy: null, proofreadAt: null };
    expect(markPoem(unknown, 'checked', ann, T2).status).toBe('checked');
  });

  it('marking the status a poem has changes nothing; a new Proofread makes the marker its proofreader', () => {
    expect(markPoem(proofreadByAnn, 'proofread', bob, T2)).toBe(proofreadByAnn);
    const checked = markPoem(proofreadByAnn, 'checked', bob, T2);
    expect(markPoem(checked, 'checked', ann, T2)).toBe(checked);
    expect(markPoem(checked, 'proofread', bob, T2)).toEqual({ status: 'proofread', proofreadBy: bob, proofreadAt: T2 });
  });

  it('As scanned forgets the proofreading', () => {
    expect(markPoem(proofreadByAnn, 'as_scanned', bob, T2)).toEqual(AS_SCANNED);
  });

  it('an edit of a Checked poem returns it to Proofread by the editor, who then cannot check it', () => {
    const checked = markPoem(proofreadByAnn, 'checked', bob, T2);
    const edited = afterTextEdit(checked, bob, T2);
    expect(edited).toEqual({ status: 'proofread', proofreadBy: bob, proofreadAt: T2 });
    expect(refusal(() => markPoem(edited, 'checked', bob, T2))).toBe('CATALOG.OWN_PROOFREADING');
    expect(markPoem(edited, 'checked', ann, T2).status).toBe('checked');
  });

  it('an edit leaves As scanned and Proofread as they are', () => {
    expect(afterTextEdit(AS_SCANNED, bob, T2)).toBe(AS_SCANNED);
    expect(afterTextEdit(proofreadByAnn, bob, T2)).toBe(proofreadByAnn);
  });

  it('a scan that runs a poem on returns it to As scanned', () => {
    expect(afterScan(markPoem(proofreadByAnn, 'checked', bob, T2))).toEqual(AS_SCANNED);
  });

  it('counts a change of title or text, not of notes', () => {
    expect(textChanged({ title: 'A', body: 'x' }, { title: 'A', body: 'x' })).toBe(false);
    expect(textChanged({ title: 'A', body: 'x' }, { title: 'B', body: 'x' })).toBe(true);
    expect(textChanged({ title: 'A', body: 'x' }, { title: 'A', body: 'y' })).toBe(true);
  });
});
