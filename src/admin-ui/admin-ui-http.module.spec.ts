import { Controller, Get, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { existsSync } from 'node:fs';
import request from 'supertest';
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigModule } from '../config/config.module.js';
import { loadConfig } from '../config/app-config.js';
import { prepareIndexHtml } from './domain/admin-page.js';
import { ADMIN_DIST_CANDIDATES } from './infrastructure/admin-ui.bundle.js';
import { AdminUiHttpModule } from './admin-ui-http.module.js';
import { SettingsModule, SITE_SETTINGS } from '../settings/index.js';

describe('prepareIndexHtml', () => {
  it('writes the poet name escaped and keeps a noindex robots meta', () => {
    const html =
      '<html><head><meta name="robots" content="noindex, nofollow" />\n<meta name="poet-name" content="" /></head><body></body></html>';
    const out = prepareIndexHtml(html, 'Anne "Nan" <Doe>');
    expect(out).toContain('<meta name="poet-name" content="Anne &quot;Nan&quot; &lt;Doe&gt;" />');
    expect(out).toContain('<meta name="robots" content="noindex, nofollow" />');
  });

  it('adds the robots meta when the page lacks one', () => {
    expect(prepareIndexHtml('<html><head></head></html>', 'P')).toMatch(/<meta name="robots" content="noindex, nofollow" \/>/);
  });
});

@Controller()
class FallbackController {
  @Get('*path')
  fallback() {
    return { fallback: true };
  }
}
@Module({ controllers: [FallbackController] })
class FallbackModule {}

/** The memorial settings without their database: the admin page only reads the poet's name. */
@Module({ providers: [{ provide: SITE_SETTINGS, useValue: { poetName: 'Ana Poet' } }], exports: [SITE_SETTINGS] })
class SettingsStub {}

describe('AdminUiHttpModule over the built admin', () => {
  beforeAll(() => {
    if (!ADMIN_DIST_CANDIDATES.some((d) => existsSync(`${d}/index.html`))) {
      execFileSync('npx', ['vite', 'build', '-c', 'vite.admin.config.ts'], {
        stdio: 'ignore',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    }
  }, 120_000);

  async function app() {
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(loadConfig({ DATA_DIR: '/tmp/admin-ui-spec' })), AdminUiHttpModule, FallbackModule],
    })
      .overrideModule(SettingsModule)
      .useModule(SettingsStub)
      .compile();
    const nest = moduleRef.createNestApplication({ logger: false });
    await nest.init();
    return nest;
  }

  it('answers index.html for /login, /admin and /admin/* without caching and with noindex', async () => {
    const nest = await app();
    for (const path of ['/login', '/admin', '/admin/publication/some-slug', '/admin/anything/else']) {
      const res = await request(nest.getHttpServer()).get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toMatch(/noindex/);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toMatch(/<meta name="robots" content="noindex/);
      expect(res.text).toContain('<meta name="poet-name" content="Ana Poet"');
    }
    await nest.close();
  });

  it('serves hashed assets for a year and 404s unknown or unsafe names', async () => {
    const nest = await app();
    const page = await request(nest.getHttpServer()).get('/admin').expect(200);
    const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const asset = await request(nest.getHttpServer()).get(script!).expect(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(nest.getHttpServer()).get('/admin/assets/missing-file.js').expect(404);
    await request(nest.getHttpServer()).get('/admin/assets/..%2Fpackage.json').expect(404);
    const other = await request(nest.getHttpServer()).get('/somewhere').expect(200);
    expect(other.body).toEqual({ fallback: true });
    await nest.close();
  });
});
