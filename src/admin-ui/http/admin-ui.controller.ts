import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { join } from 'node:path';
import { ADMIN_BUILD, type AdminBuild } from '../application/ports/admin-build.port.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SAFE_ASSET = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Serves the admin single-page app: hashed assets for a year, the page itself never cached. */
@ApiExcludeController()
@Controller()
export class AdminUiController {
  constructor(@Inject(ADMIN_BUILD) private readonly bundle: AdminBuild) {}

  // Declared before the page routes so /admin/assets/* never falls through to index.html.
  @Get('admin/assets/*file')
  asset(@Req() req: Request, @Res() res: Response): void {
    const name = req.path.slice('/admin/assets/'.length);
    const dir = this.bundle.dir();
    if (!dir || !SAFE_ASSET.test(name)) {
      res.status(404).setHeader('Cache-Control', 'no-store');
      res.type('text/plain').send('Not found');
      return;
    }
    res.sendFile(
      name,
      { root: join(dir, 'assets'), dotfiles: 'deny', immutable: true, maxAge: '365d', headers: { 'Cache-Control': IMMUTABLE } },
      (err) => {
        if (err && !res.headersSent) {
          res.status(404).setHeader('Cache-Control', 'no-store');
          res.type('text/plain').send('Not found');
        }
      },
    );
  }

  @Get(['login', 'admin', 'admin/*path'])
  page(@Res() res: Response): void {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    const html = this.bundle.indexHtml();
    if (!html) {
      res
        .status(503)
        .json({ statusCode: 503, error: 'Service Unavailable', detail: 'The admin app is not built. Run `npm run build:admin`.' });
      return;
    }
    res.type('html').send(html);
  }
}
