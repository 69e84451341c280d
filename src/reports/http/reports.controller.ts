import { Body, Controller, Get, Param, ParseIntPipe, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { REPORT_HONEYPOT_FIELD, reportLimitsText, type Report, type ReportList, type ReportReceived } from '../../../contracts/reports.js';
import { DomainError } from '../../common/domain/domain-error.js';
import { currentUser, StaffGuard } from '../../auth/index.js';
import { Reports } from '../application/reports.js';
import type { ListedReport } from '../application/ports/report-store.port.js';
import { ReportError } from '../domain/report.errors.js';
import { reportAnswerPage } from './report-answer-page.js';
import { CloseReportDto, ListReportsQuery } from './reports.dto.js';

const RECEIVED = 'Your report was sent to the curators, who will look at the poem. Thank you for helping keep the archive right.';

function toReport(r: ListedReport): Report {
  return {
    id: r.id,
    poem_id: r.poemId,
    poem_title: r.poemTitle,
    publication_id: r.publicationId,
    publication_title: r.publicationTitle,
    line: r.line,
    quote: r.quote,
    note: r.note,
    name: r.name,
    email: r.email,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    closed_at: r.closedAt?.toISOString() ?? null,
    closed_by: r.closedBy,
  };
}

/**
 * Readers' reports of mistakes (no account: any visitor may send one, within limits) and the
 * curators' inbox of them (staff only). A report sent as a plain form, without the reader's
 * script, is answered with a page; as JSON, with JSON.
 */
@ApiTags('reports')
@Controller('api')
export class ReportsController {
  constructor(private readonly reports: Reports) {}

  @Post('poems/:id/reports')
  @ApiOperation({
    summary:
      'Report a mistake in a published poem: quote and/or note, name and email optional. 404 for a poem visitors cannot read; ' +
      `400 above a length limit or with the honeypot field "${REPORT_HONEYPOT_FIELD}" filled in; 429 above the hourly or daily limits. ` +
      reportLimitsText(),
  })
  async submit(@Param('id') id: string, @Body() body: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const asForm = req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';
    const poemId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
    const back = poemId > 0 ? `/poem/${poemId}` : null;
    try {
      if (poemId === 0) throw new ReportError('REPORTS.NOT_FOUND', 'There is no such poem.');
      await this.reports.submit(poemId, body, req.ip ?? 'unknown', REPORT_HONEYPOT_FIELD);
    } catch (err) {
      if (!asForm || !(err instanceof DomainError) || err.status >= 500) throw err;
      const message = err.status === 404 ? 'That poem is not in the archive, so it cannot be reported.' : err.message;
      res
        .status(err.status)
        .type('html')
        .send(reportAnswerPage({ sent: false, message, limits: reportLimitsText(), back: err.status === 404 ? null : back }));
      return;
    }
    if (asForm) {
      res
        .status(201)
        .type('html')
        .send(reportAnswerPage({ sent: true, message: RECEIVED, limits: '', back }));
      return;
    }
    const answer: ReportReceived = { received: true, message: RECEIVED };
    res.status(201).json(answer);
  }

  @Get('reports')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: "The curators' inbox: reports of one status (open by default), newest first, a page at a time" })
  async list(@Query() query: ListReportsQuery): Promise<ReportList> {
    const { count, reports } = await this.reports.list(query.status ?? 'open', query.page ?? 1, query.page_size ?? 25);
    return { count, results: reports.map(toReport) };
  }

  @Put('reports/:id')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Resolve or dismiss an open report; 409 when it was already closed' })
  async close(@Param('id', ParseIntPipe) id: number, @Body() dto: CloseReportDto, @Req() req: Request): Promise<Report> {
    return toReport(await this.reports.close(id, dto.status, currentUser(req)?.username ?? ''));
  }
}
