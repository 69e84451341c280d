/**
 * The catalog answers publications in the wire shape of contracts/ (SPEC section 3); the domain
 * works on those same types rather than on a copy of them.
 */
export type { Publication, PublicationFields, PublicationStatus } from '../../../contracts/catalog.js';
