/**
 * Until src/app.module.ts imports SiteModule, the reader suites add it as the last import of the
 * real root module, exactly where it belongs (after every module with routes). Once the root
 * module imports it, this changes nothing.
 */
import type { DynamicModule } from '@nestjs/common';
import { SiteModule } from '../../src/site/site.module.js';

export function withSiteModule(module: DynamicModule): DynamicModule {
  const imports = module.imports ?? [];
  return imports.includes(SiteModule) ? module : { ...module, imports: [...imports, SiteModule] };
}
