import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/index.js';
import { ADMIN_BUILD } from './application/ports/admin-build.port.js';
import { AdminUiBundle } from './infrastructure/admin-ui.bundle.js';
import { AdminUiController } from './http/admin-ui.controller.js';

/**
 * The admin app in the API process: /admin/assets/* and the page for /login, /admin, /admin/*.
 * Import it before SiteModule, whose fallback redirects every unclaimed path to /.
 */
@Module({
  imports: [SettingsModule],
  controllers: [AdminUiController],
  providers: [{ provide: ADMIN_BUILD, useClass: AdminUiBundle }],
})
export class AdminUiModule {}
