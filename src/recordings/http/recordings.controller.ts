import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { RecordingDetailsRequest, RecordingOrderRequest, RecordingResponse } from '../../../contracts/recordings.js';
import { isStaff, StaffGuard } from '../../auth/index.js';
import { RecordingsService } from '../application/recordings.service.js';
import { toRecordingResponse } from '../application/recording-responses.js';
import { byteRange } from '../domain/recording.js';
import { RecordingUploadInterceptor, spooled } from './recording-upload.interceptor.js';

/** A year: a recording's file never changes under its address (a new file is a new recording). */
const LONG_CACHE = 'public, max-age=31536000, immutable';

const fields = (body: unknown): Record<string, unknown> => (body && typeof body === 'object' ? (body as Record<string, unknown>) : {});

/** Recordings of a poem read aloud: kept and described by curators, heard by readers of published poems. */
@ApiTags('recordings')
@Controller('api')
export class RecordingsController {
  constructor(private readonly recordings: RecordingsService) {}

  @Get('poems/:id/recordings')
  @ApiOperation({ summary: "A poem's recordings in their order (visitors: published poems only, else 404)" })
  async list(@Param('id') id: string, @Req() req: Request): Promise<RecordingResponse[]> {
    return (await this.recordings.ofPoem(id, { staff: isStaff(req) })).map(toRecordingResponse);
  }

  @Post('poems/:id/recordings')
  @UseGuards(StaffGuard)
  @UseInterceptors(RecordingUploadInterceptor)
  @ApiOperation({
    summary:
      'Add a recording (multipart: the file in "file", with reader, recorded, source, notes): MP3, AAC/M4A, Ogg Opus or Vorbis, ' +
      'FLAC or WAV up to MAX_AUDIO_MB, judged by its bytes; anything else refused, nothing kept',
  })
  async add(@Param('id') id: string, @Req() req: Request): Promise<RecordingResponse> {
    return toRecordingResponse(await this.recordings.add(id, spooled(req), fields(req.body)));
  }

  @Put('poems/:id/recordings/order')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: "Reorder a poem's recordings: { recording_ids } naming each once" })
  async reorder(@Param('id') id: string, @Body() body: RecordingOrderRequest): Promise<RecordingResponse[]> {
    return (await this.recordings.reorder(id, fields(body).recording_ids)).map(toRecordingResponse);
  }

  @Put('recordings/:id')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: "A recording's details and line marks (reader, recorded, source, notes, line_marks); absent fields stay" })
  async update(@Param('id') id: string, @Body() body: RecordingDetailsRequest): Promise<RecordingResponse> {
    return toRecordingResponse(await this.recordings.update(id, fields(body)));
  }

  @Delete('recordings/:id')
  @UseGuards(StaffGuard)
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a recording and its file' })
  async remove(@Param('id') id: string): Promise<void> {
    await this.recordings.remove(id);
  }

  @Get('recordings/:id/file')
  @ApiOperation({
    summary: 'The sound of a recording, with ranges (206), an ETag and long caching; 404 to visitors unless its poem is published',
  })
  async file(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const staff = isStaff(req);
    const { recording, open } = await this.recordings.file(id, { staff });
    const etag = `"${recording.sha256}"`;
    const size = recording.byteSize;
    res.setHeader('Content-Type', recording.mimeType);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('ETag', etag);
    // Staff answers are never kept past the session (like every staff answer); a visitor's are kept long.
    res.setHeader('Cache-Control', staff ? 'no-store' : LONG_CACHE);
    res.setHeader('Vary', 'Cookie');
    if (matches(req.headers['if-none-match'], etag)) {
      res.status(304).end();
      return;
    }
    const ifRange = req.headers['if-range'];
    const range = ifRange && ifRange !== etag ? undefined : byteRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${size}`);
      res.status(416).end();
      return;
    }
    const stream = await open(range);
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      res.setHeader('Content-Length', String(size));
    }
    if (req.method === 'HEAD') {
      stream.destroy();
      res.end();
      return;
    }
    // A listener who stops listening closes the stream; that is no error.
    await pipeline(stream, res).catch(() => undefined);
  }
}

function matches(header: string | undefined, etag: string): boolean {
  return !!header && (header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));
}
