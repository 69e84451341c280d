import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/index.js';
import { ADMIN_BUILD } from './application/ports/admin-build.port.js';
import { AdminUiBundle } from './infrastructure/admin-ui.bundle.js';

/** The built admin app, with the poet's name written into its page. */
@Module({
  imports: [SettingsModule],
  providers: [{ provide: ADMIN_BUILD, useClass: AdminUiBundle }],
  exports: [ADMIN_BUILD],
})
export class AdminUiModule {}
