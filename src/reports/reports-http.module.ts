import { Module } from '@nestjs/common';
import { ReportsController } from './http/reports.controller.js';
import { ReportsModule } from './reports.module.js';

/** The reports' API: readers send them, curators read and close them. API process only. */
@Module({
  imports: [ReportsModule],
  controllers: [ReportsController],
})
export class ReportsHttpModule {}
