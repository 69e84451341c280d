/**
 * Readers' reports of mistakes in published poems, and the curators' inbox: what the API process
 * loads. Nothing else uses the module; it uses the catalog through the catalog's index.
 */
export { ReportsHttpModule } from './reports-http.module.js';
