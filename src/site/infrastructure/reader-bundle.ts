import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ReaderServerEntry } from '../../../contracts/reader-page.js';
import { BUILD_ROOT } from '../../config/build-root.js';
import type { ReaderBundle, StaticAsset } from '../application/ports/reader-bundle.port.js';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.map']);

/**
 * The built reader (npm run build:reader), loaded once at start from the server's own build: the server
 * bundle that renders pages, the client manifest naming the hashed entry files, and the assets,
 * held in memory with their gzip and brotli variants (made by the build, scripts/build.mjs, else
 * here at start, with the same settings). Without a build the API still starts
 * (its own tests do not need pages) and page routes answer 503 saying what to run.
 */
@Injectable()
export class BuiltReaderBundle implements ReaderBundle, OnModuleInit {
  private readonly logger = new Logger('ReaderBundle');
  readonly root: string;
  entry?: ReaderServerEntry;
  /** Tags for <head> that load the client: stylesheet, font preloads, module script. */
  clientTags = '';
  styleTags = '';
  readonly assets = new Map<string, StaticAsset>();

  // The server's own build's reader (production), else the project's dist (tests, development).
  constructor(root = BUILD_ROOT ? join(BUILD_ROOT, 'reader') : resolve(process.cwd(), 'dist/reader')) {
    this.root = root;
  }

  get ready(): boolean {
    return this.entry !== undefined;
  }

  async onModuleInit(): Promise<void> {
    const serverEntry = join(this.root, 'server/entry-server.js');
    const manifestFile = join(this.root, 'client/.vite/manifest.json');
    if (!existsSync(serverEntry) || !existsSync(manifestFile)) {
      this.logger.warn(`Reader not built (${serverEntry} missing): run "npm run build:reader"; public pages answer 503 until then`);
      return;
    }
    this.entry = (await import(pathToFileURL(serverEntry).href)) as ReaderServerEntry;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; css?: string[]; isEntry?: boolean }>;
    const client = Object.values(manifest).find((chunk) => chunk.isEntry);
    if (!client) throw new Error(`${manifestFile} names no entry chunk`);
    this.loadAssets(join(this.root, 'client/assets'));
    // Preloading the two latin regular faces lets text paint in the web fonts at once on most pages.
    const fonts = [...this.assets.keys()].filter((name) => /^(inter|crimson-text)-latin-400-normal-[\w-]+\.woff2$/.test(name));
    this.styleTags = [
      ...fonts.map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin>`),
      ...(client.css ?? []).map((css) => `<link rel="stylesheet" href="/${css}">`),
    ].join('\n');
    this.clientTags = `${this.styleTags}\n<script type="module" src="/${client.file}"></script>`;
  }

  private loadAssets(dir: string): void {
    if (!existsSync(dir)) return;
    const compressed = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name)) : undefined);
    for (const name of readdirSync(dir)) {
      const ext = extname(name);
      if (ext === '.gz' || ext === '.br') continue;
      const body = readFileSync(join(dir, name));
      const asset: StaticAsset = {
        body,
        type: TYPES[ext] ?? 'application/octet-stream',
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      };
      if (COMPRESSIBLE.has(ext) && body.length > 1024) {
        asset.gzip = compressed(`${name}.gz`) ?? gzipSync(body, { level: 9 });
        asset.brotli = compressed(`${name}.br`) ?? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
      }
      this.assets.set(name, asset);
    }
  }
}
