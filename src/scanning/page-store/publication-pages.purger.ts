import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CatalogEvents } from '../../catalog/application/catalog-events.js';
import { PAGE_STORE, type PageStore } from './page-store.port.js';

/** A permanently deleted publication takes its page photographs with it (their rows go by cascade). */
@Injectable()
export class PublicationPagesPurger implements OnModuleInit {
  constructor(
    private readonly events: CatalogEvents,
    @Inject(PAGE_STORE) private readonly store: PageStore,
  ) {}

  onModuleInit(): void {
    this.events.onPublicationPurged((publicationId) => this.store.removeAll(`publications/${publicationId}`));
  }
}
