import { Controller, Get, Next, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';

/**
 * Any other path goes home (SPEC: "Any other path redirects to /"), except /api, /admin and
 * /login, which pass on untouched: to routes registered after this one if any, else to Nest's
 * not-found handler, whose NotFoundException the global filter answers as JSON 404. So the API
 * and the admin app keep working whatever order their modules are imported in.
 */
@ApiExcludeController()
@Controller()
export class SiteFallbackController {
  @Get('*path')
  fallback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    if (/^\/(api|admin|login)(\/|$)/.test(req.path)) return next();
    res.redirect(302, '/');
  }
}
