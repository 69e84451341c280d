import type { CatalogChangeNotices } from '../../../catalog/index.js';
import type { Memorial, MemorialText, Portrait } from '../../domain/memorial.js';

/** A statement runner inside the writing transaction, to announce the change to the other processes. */
export type SettingsTransaction = Parameters<CatalogChangeNotices['announce']>[0];

type Inside = (tx: SettingsTransaction) => Promise<void>;

/** Where the memorial settings are kept: one row, shared by every API process. */
export interface MemorialStore {
  /** The settings, or null before the first start stored its defaults. */
  read(): Promise<Memorial | null>;
  /** Stores the first start's defaults unless settings are already there (another process may have stored them). */
  createIfMissing(defaults: Memorial): Promise<void>;
  /** Saves the text, by the curator named, keeping the portrait; `inside` runs in the same transaction. Answers them as saved. */
  saveText(text: MemorialText, curatorId: number | null, inside: Inside): Promise<Memorial>;
  /** Sets (or with null removes) the portrait; answers them as saved and the portrait it replaced. */
  savePortrait(
    portrait: Portrait | null,
    curatorId: number | null,
    inside: Inside,
  ): Promise<{ saved: Memorial; replaced: Portrait | null }>;
}

export const MEMORIAL_STORE = Symbol('MEMORIAL_STORE');
