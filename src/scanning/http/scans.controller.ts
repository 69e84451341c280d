import { ChecksCsrfFormField } from '../../auth/index.js';
import { Controller, Get, HttpCode, Param, Post, Query, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { MetadataAnswer, ScanAccepted, ScanJob, ScanResult } from '../../../contracts/scanning.js';
import { StaffGuard } from '../../auth/index.js';
import { ScanService, type Submitted } from '../application/scan.service.js';
import { ImageUploadInterceptor, uploadedImages } from './image-upload.interceptor.js';
import { toScanJob, toScanResult } from './scan-answers.js';

/** Stops waiting for a job once the client has gone away. */
function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

const isAsync = (flag: string | undefined) => flag === 'true' || flag === '1';

/** Answers the finished scan, or 202 with the job id for ?async=true. */
function reply(res: Response, submitted: Submitted): ScanAccepted | ScanResult {
  if (!submitted.result) {
    res.status(202);
    return { job_id: submitted.jobId, status_url: `/api/scans/${submitted.jobId}/` };
  }
  res.status(200);
  return toScanResult(submitted.result);
}

@ApiTags('scanning')
@Controller('api')
@UseGuards(StaffGuard)
export class ScansController {
  constructor(private readonly scans: ScanService) {}

  @Post('publications/:id/batch_upload_pages')
  @UseInterceptors(ImageUploadInterceptor('pages'))
  @ChecksCsrfFormField()
  @ApiOperation({ summary: 'Scan page photos page_0..page_9 into poems; waits for the job unless async=true' })
  async batchUpload(
    @Param('id') id: string,
    @Query('async') async: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const files = uploadedImages(req, 'pages');
    return reply(res, await this.scans.scanUpload(id, files, { wait: !isAsync(async), signal: clientGone(res) }));
  }

  @Post('publications/:id/upload_page')
  @UseInterceptors(ImageUploadInterceptor('single-page'))
  @ChecksCsrfFormField()
  @ApiOperation({ summary: 'Scan one page photo (field page or page_0)' })
  async uploadPage(
    @Param('id') id: string,
    @Query('async') async: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const files = uploadedImages(req, 'single-page');
    return reply(res, await this.scans.scanUpload(id, files, { wait: !isAsync(async), signal: clientGone(res) }));
  }

  @Post('publications/:id/reprocess')
  @ApiOperation({ summary: "Extract again from the publication's stored pages, adding only poems not already there" })
  async reprocess(@Param('id') id: string, @Query('async') async: string | undefined, @Res({ passthrough: true }) res: Response) {
    return reply(res, await this.scans.reprocess(id, { wait: !isAsync(async), signal: clientGone(res) }));
  }

  @Get('publications/:id/unscanned_pages')
  @ApiOperation({ summary: 'Stored page photos no scan has read to the end: still waiting for one, or not (Reprocess reads them)' })
  unscannedPages(@Param('id') id: string) {
    return this.scans.unscannedPages(id);
  }

  @Get('scans/:jobId')
  @ApiOperation({ summary: 'State, progress and, when finished, result or error of a scan job' })
  async status(@Param('jobId') jobId: string): Promise<ScanJob> {
    return toScanJob(await this.scans.status(jobId));
  }

  @Post('ai_extraction/extract_metadata')
  @HttpCode(200)
  @UseInterceptors(ImageUploadInterceptor('metadata'))
  @ChecksCsrfFormField()
  @ApiOperation({ summary: 'Publication metadata from cover, title and copyright page photos image_0..image_9' })
  async extractMetadata(@Req() req: Request): Promise<MetadataAnswer> {
    const metadata = await this.scans.extractMetadata(uploadedImages(req, 'metadata'));
    return { success: true, metadata };
  }
}
