import { Inject, Injectable } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { BUILD_ROOT } from '../../config/build-root.js';
import { SITE_SETTINGS } from '../../settings/index.js';
import type { AdminBuild } from '../application/ports/admin-build.port.js';
import { prepareIndexHtml } from '../domain/admin-page.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where `npm run build:admin` puts the app: the server's own build first (production), so a new
 * build beside it never changes what a running server serves; then as seen from src/ (tests).
 */
export const ADMIN_DIST_CANDIDATES = [
  ...(BUILD_ROOT ? [join(BUILD_ROOT, 'admin')] : []),
  resolve(here, '../../../dist/admin'),
  resolve(here, '../../../../dist/admin'),
  resolve(process.cwd(), 'dist/admin'),
];

/**
 * The built admin app (dist/admin). Looked up on first use rather than at start, so the API runs
 * (and its tests pass) without an admin build, answering 503 with what to run until there is one.
 */
@Injectable()
export class AdminUiBundle implements AdminBuild {
  private built?: string;
  private root?: string;

  /** The live settings: the poet's name is written in on each answer, as the curators may have changed it. */
  constructor(@Inject(SITE_SETTINGS) private readonly settings: PublicSiteSettings) {}

  /** Directory holding index.html and assets/, or undefined when the admin is not built. */
  dir(): string | undefined {
    if (this.root) return this.root;
    const found = ADMIN_DIST_CANDIDATES.find((d) => existsSync(join(d, 'index.html')));
    if (found) this.root = found;
    return found;
  }

  indexHtml(): string | undefined {
    const dir = this.dir();
    if (!dir) return undefined;
    this.built ??= readFileSync(join(dir, 'index.html'), 'utf8');
    return prepareIndexHtml(this.built, this.settings.poetName);
  }
}
