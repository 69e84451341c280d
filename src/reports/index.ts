/**
 * Readers' reports of mistakes in published poems, and the curators' inbox. Other modules import
 * from here only (checked by dependency-cruiser).
 */
export { ReportsModule } from './reports.module.js';
export { ReportsHttpModule } from './reports-http.module.js';
export { Reports } from './application/reports.js';
