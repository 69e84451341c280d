import { Module } from '@nestjs/common';
import { AdminUiBundle } from './admin-ui.bundle.js';
import { AdminUiController } from './admin-ui.controller.js';

/**
 * The admin app in the API process: /admin/assets/* and the page for /login, /admin, /admin/*.
 * Import it before SiteModule, whose fallback redirects every unclaimed path to /.
 */
@Module({
  controllers: [AdminUiController],
  providers: [AdminUiBundle],
})
export class AdminUiModule {}
