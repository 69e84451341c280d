import { Controller, Get, Logger, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { StaffGuard } from '../../auth/index.js';
import { ArchiveExporter } from '../application/archive-exporter.js';

/** The file name a download is saved under, dated so that backups of different days sit side by side. */
export function backupFileName(now = new Date()): string {
  return `poetry-archive-backup-${now.toISOString().slice(0, 10)}.tar`;
}

/** The admin's "Download backup": the whole archive as one file, for staff only. */
@ApiTags('archive')
@Controller('api/archive')
@UseGuards(StaffGuard)
export class ArchiveController {
  private readonly logger = new Logger('Backup');

  constructor(private readonly exporter: ArchiveExporter) {}

  @Get('backup')
  @ApiOperation({
    summary: 'A backup of the whole archive (publications, poems, page photos, admin accounts, site settings) as a tar file',
  })
  async backup(@Res() res: Response): Promise<void> {
    // Opened before the headers go, so a database that cannot answer still gets a JSON error.
    const backup = await this.exporter.open();
    res.status(200);
    res.setHeader('Content-Type', 'application/x-tar');
    res.setHeader('Content-Disposition', `attachment; filename="${backupFileName()}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await backup.writeTo(res);
    } catch (err) {
      // The answer is already under way: it is cut off (the browser reports a failed download)
      // rather than ending like a whole file.
      this.logger.warn(`A backup download stopped: ${(err as Error).message}`);
      res.destroy();
    }
  }
}
