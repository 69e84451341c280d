import { Controller, Get, Next, NotFoundException, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';

/**
 * Any other path goes home (SPEC: "Any other path redirects to /"), except: /api answers a JSON
 * 404 through the global exception filter, and /admin and /login belong to the admin app, so they
 * pass on untouched. Registered last, after every other route.
 */
@ApiExcludeController()
@Controller()
export class SiteFallbackController {
  @Get('*path')
  fallback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    const path = req.path;
    if (/^\/api(\/|$)/.test(path)) throw new NotFoundException(`Cannot ${req.method} ${path}`);
    if (/^\/(admin|login)(\/|$)/.test(path)) return next();
    res.redirect(302, '/');
  }
}
