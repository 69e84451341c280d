import { Injectable, Logger } from '@nestjs/common';

type PurgedListener = (publicationId: number) => Promise<void>;

/** Scans whose poems are being removed (a wizard's Start Over): their job ids, and the poems going (all when absent). */
export interface DiscardedScans {
  jobIds: string[];
  poemIds?: number[];
}
type DiscardListener = (publicationId: number, scans: DiscardedScans) => Promise<void>;

/**
 * What other modules may need to hear from the catalog: a permanently deleted publication lets
 * scanning remove its stored page photographs (after the change is committed), and discarded
 * scans let it remove the pages they stored (before their poems go, so it can refuse).
 */
@Injectable()
export class CatalogEvents {
  private readonly logger = new Logger(CatalogEvents.name);
  private readonly purged: PurgedListener[] = [];
  private readonly discarded: DiscardListener[] = [];

  onPublicationPurged(listener: PurgedListener): void {
    this.purged.push(listener);
  }

  async publicationPurged(publicationId: number): Promise<void> {
    for (const listener of this.purged) {
      // The deletion itself is done and committed; a failed clean-up is logged, not undone.
      await listener(publicationId).catch((err: Error) => this.logger.warn(`After deleting publication ${publicationId}: ${err.message}`));
    }
  }

  onScansDiscarded(listener: DiscardListener): void {
    this.discarded.push(listener);
  }

  /**
   * Runs before the scans' poems are removed, once the poems to remove are known to be the
   * publication's. A listener's error reaches the caller and the poems stay: it refuses first.
   */
  async scansDiscarded(publicationId: number, scans: DiscardedScans): Promise<void> {
    for (const listener of this.discarded) await listener(publicationId, scans);
  }
}
