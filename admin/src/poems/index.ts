/** The poems of a publication, a resource nested under its detail page. */
export { PublicationPoems } from './poem-list.js';
export { PoemCreate } from './poem-create.js';
export { PoemEdit } from './poem-edit.js';
