import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { Reports } from './application/reports.js';
import { REPORT_STORE } from './application/ports/report-store.port.js';
import { SqlReportStore } from './infrastructure/reports.sql-store.js';

/** Readers' reports of mistakes and the curators' inbox of them, about the catalog's poems. */
@Module({
  imports: [CatalogModule],
  providers: [{ provide: REPORT_STORE, useClass: SqlReportStore }, Reports],
  exports: [Reports],
})
export class ReportsModule {}
