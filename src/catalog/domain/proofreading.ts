import { CatalogError } from './catalog.errors.js';
import type { Curator } from './revision.js';

/**
 * How far a poem's text has been read against its page: as the scanner read it, proofread by a
 * curator, then checked by a second one (as Wikisource's pages are "proofread" then "validated").
 */
export type PoemStatus = 'as_scanned' | 'proofread' | 'checked';

/** A poem's status, and who proofread it and when (kept through Checked, so the checker can be told apart). */
export interface Proofreading {
  status: PoemStatus;
  /** The curator who marked it Proofread, or whose edit returned it there; null while As scanned, or when no curator is known. */
  proofreadBy: Curator | null;
  proofreadAt: Date | null;
}

export const AS_SCANNED: Proofreading = { status: 'as_scanned', proofreadBy: null, proofreadAt: null };

/**
 * A curator marks a poem. Marking it Proofread makes them its proofreader. Checked needs it
 * Proofread first, and a second pair of eyes: the curator who proofread it is refused. Marking
 * the status it already has changes nothing. As scanned forgets the proofreading (a mark made by
 * mistake).
 */
export function markPoem(current: Proofreading, to: PoemStatus, by: Curator, now: Date): Proofreading {
  if (to === current.status) return current;
  switch (to) {
    case 'as_scanned':
      return AS_SCANNED;
    case 'proofread':
      return { status: 'proofread', proofreadBy: by, proofreadAt: now };
    case 'checked':
      if (current.status !== 'proofread') throw CatalogError.notProofread();
      if (current.proofreadBy?.id === by.id) throw CatalogError.ownProofreading();
      return { ...current, status: 'checked' };
  }
}

/** Whether an edit changed what is proofread: the title and the text (notes are the curators' own). */
export function textChanged(before: { title: string; body: string }, after: { title: string; body: string }): boolean {
  return before.title !== after.title || before.body !== after.body;
}

/**
 * After a curator changes a poem's text: a Checked poem returns to Proofread, proofread now by
 * the editor (so the change itself needs a second curator's check). As scanned and Proofread stay.
 */
export function afterTextEdit(current: Proofreading, editor: Curator | null, now: Date): Proofreading {
  if (current.status !== 'checked') return current;
  return { status: 'proofread', proofreadBy: editor, proofreadAt: now };
}

/** After a scan runs a poem on to its next page: the lines it adds have not been read by anyone. */
export function afterScan(current: Proofreading): Proofreading {
  return current.status === 'as_scanned' ? current : AS_SCANNED;
}

export function sameProofreading(a: Proofreading, b: Proofreading): boolean {
  return a.status === b.status && a.proofreadBy?.id === b.proofreadBy?.id && a.proofreadAt?.getTime() === b.proofreadAt?.getTime();
}
