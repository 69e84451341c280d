import { Injectable, Logger } from '@nestjs/common';

type PurgedListener = (publicationId: number) => Promise<void>;

/**
 * What other modules may need to hear from the catalog, after the change is committed: a
 * permanently deleted publication lets scanning remove its stored page photographs.
 */
@Injectable()
export class CatalogEvents {
  private readonly logger = new Logger(CatalogEvents.name);
  private readonly purged: PurgedListener[] = [];

  onPublicationPurged(listener: PurgedListener): void {
    this.purged.push(listener);
  }

  async publicationPurged(publicationId: number): Promise<void> {
    for (const listener of this.purged) {
      // The deletion itself is done and committed; a failed clean-up is logged, not undone.
      await listener(publicationId).catch((err: Error) => this.logger.warn(`After deleting publication ${publicationId}: ${err.message}`));
    }
  }
}
