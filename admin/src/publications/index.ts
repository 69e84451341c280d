/** The publications resource: the dashboard list, the detail page, the edit form and the creation wizard. */
export { PublicationCreate } from './publication-create.js';
export { PublicationEdit } from './publication-edit.js';
export { PublicationList } from './publication-list.js';
export { PublicationShow } from './publication-show.js';
