import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { SitePages } from './site-pages.service.js';

/** The public reader's pages (SPEC section 2, Public), rendered on the server. */
@ApiExcludeController()
@Controller()
export class SitePagesController {
  constructor(private readonly pages: SitePages) {}

  @Get()
  home(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.pages.serve(req, res, () => this.pages.list('home'));
  }

  @Get('publications')
  publications(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.pages.serve(req, res, () => this.pages.list('publications'));
  }

  @Get('publication/:ref')
  publication(@Param('ref') ref: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.pages.serve(req, res, () => this.pages.publication(ref));
  }

  @Get('publication/:ref/index/first-lines')
  bookFirstLines(@Param('ref') ref: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.pages.serve(req, res, () => this.pages.index('first-lines', ref));
  }

  @Get('publication/:ref/index/titles')
  bookTitles(@Param('ref') ref: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.pages.serve(req, res, () => this.pages.index('titles', ref));
  }

  /** A poem read inside its book: the poem's canonical address. */
  @Get('publication/:ref/:poem')
  bookPoem(@Param('ref') ref: string, @Param('poem') poem: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.pages.serve(req, res, () => this.pages.publication(ref, poem));
  }

  @Get('index/first-lines')
  firstLines(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.pages.serve(req, res, () => this.pages.index('first-lines'));
  }

  @Get('index/titles')
  titles(@Req() req: Request, @Res() res: Response): Promise<void> {
    return this.pages.serve(req, res, () => this.pages.index('titles'));
  }

  @Get('search')
  search(@Query('q') q: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const text = Array.isArray(q) ? q[0] : q;
    return this.pages.serve(req, res, () => this.pages.search(typeof text === 'string' ? text : ''));
  }

  @Get('poem/:ref')
  poem(@Param('ref') ref: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.pages.serve(req, res, () => this.pages.poem(ref));
  }
}
