import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { AuthHttpModule } from './auth/auth-http.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { CatalogHttpModule } from './catalog/catalog-http.module.js';
import { DatabaseModule, type DatabaseOptions } from './database/database.module.js';
import { DeliveryModule } from './delivery/delivery.module.js';
import { HealthHttpModule } from './health/health-http.module.js';
import { AdminUiHttpModule } from './admin-ui/admin-ui-http.module.js';
import { ArchiveHttpModule } from './archive/archive-http.module.js';
import { SiteHttpModule } from './site/site-http.module.js';
import { ScanningModule } from './scanning/scanning.module.js';
import { ScanningHttpModule } from './scanning/scanning-http.module.js';
import { RecordingsHttpModule } from './recordings/recordings-http.module.js';
import { SearchHttpModule } from './search/search-http.module.js';
import { SettingsHttpModule } from './settings/settings-http.module.js';
import { ReportsHttpModule } from './reports/index.js';

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
        DeliveryModule.forRoot(CatalogModule),
        AuthHttpModule,
        CatalogHttpModule,
        SearchHttpModule,
        ScanningHttpModule.forRoot(scanning),
        HealthHttpModule.forRoot(scanning),
        ArchiveHttpModule,
        SettingsHttpModule,
        RecordingsHttpModule,
        ReportsHttpModule,
        AdminUiHttpModule,
        SiteHttpModule,
      ],
    };
  }
}
