import { Module } from '@nestjs/common';
import { SettingsModule } from '../settings/index.js';
import { AdminUiBundle } from './infrastructure/admin-ui.bundle.js';
import { AdminUiController } from './http/admin-ui.controller.js';

/**
 * The admin app in the API process: /admin/assets/* and the page for /login, /admin, /admin/*.
 * Import it before SiteModule, whose fallback redirects every unclaimed path to /.
 */
@Module({
  imports: [SettingsModule],
  controllers: [AdminUiController],
  providers: [AdminUiBundle],
})
export class AdminUiModule {}
