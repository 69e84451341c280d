/** What changed: the publications touched (their poems included), or everything (ids unknown, or changes possibly missed). */
export type ContentChange = { publicationIds: number[] } | 'everything';

/**
 * Where the read cache hears that what it keeps went stale. Delivery knows no feature module: the
 * catalog binds this port to its change notifications (DeliveryModule.forRoot takes the module).
 */
export interface ContentChanges {
  /** False while changes may go unheard (a lost listener): nothing may then be stored or served fresh. */
  readonly reliable: boolean;
  /** The listener's last try to connect found the database unreachable: nothing can change the content now, nor be read. */
  readonly unreachable: boolean;
  onChange(listener: (change: ContentChange) => void): void;
}

export const CONTENT_CHANGES = Symbol('CONTENT_CHANGES');
