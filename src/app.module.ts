import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { AuthHttpModule } from './auth/auth-http.module.js';
import { CatalogCoreModule } from './catalog/catalog-core.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { DatabaseModule, type DatabaseOptions } from './database/database.module.js';
import { DeliveryModule } from './delivery/delivery.module.js';
import { HealthModule } from './health/health.module.js';
import { AdminUiModule } from './admin-ui/admin-ui.module.js';
import { ArchiveModule } from './archive/archive.module.js';
import { SiteModule } from './site/site.module.js';
import { ScanningModule } from './scanning/scanning.module.js';
import { SearchModule } from './search/search.module.js';
import { SettingsHttpModule } from './settings/index.js';

/** Root module of the API process. Order matters for routes: the API first, page catch-alls last. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: DatabaseOptions = {}): DynamicModule {
    const scanning = ScanningModule.forRoot(config);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(config, options),
        // The read cache hears of catalog changes from the catalog (its CONTENT_CHANGES).
        DeliveryModule.forRoot(CatalogCoreModule),
        AuthHttpModule,
        CatalogModule,
        SearchModule,
        scanning,
        HealthModule.forRoot(scanning),
        ArchiveModule.forRoot(scanning),
        SettingsHttpModule,
        AdminUiModule,
        SiteModule,
      ],
    };
  }
}
