import { Module } from '@nestjs/common';
import { AdminUiModule } from './admin-ui.module.js';
import { AdminUiController } from './http/admin-ui.controller.js';

/**
 * The admin app in the API process: /admin/assets/* and the page for /login, /admin, /admin/*.
 * Import it before SiteHttpModule, whose fallback redirects every unclaimed path to /.
 */
@Module({
  imports: [AdminUiModule],
  controllers: [AdminUiController],
})
export class AdminUiHttpModule {}
