import { Body, Controller, Delete, Get, Param, Put, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { MemorialSettings, PortraitCrop } from '../../../contracts/settings.js';
import { ChecksCsrfFormField, CsrfCheckedUpload, currentUser, StaffGuard } from '../../auth/index.js';
import { MemorialSettingsService } from '../application/memorial-settings.service.js';
import { SettingsError } from '../domain/memorial.js';
import { UpdateMemorialDto } from './memorial.dto.js';

const CROP_FIELDS = ['crop_x', 'crop_y', 'crop_width', 'crop_height'] as const;

/**
 * The portrait's upload, parsed in memory with the intake's per-file limit (MAX_UPLOAD_MB): a
 * larger file is refused with 413 as soon as it passes the limit, before the rest is read.
 */
const PortraitUpload = CsrfCheckedUpload({
  multer: (config) => FileInterceptor('portrait', { limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10 } }),
  refusal: (code, config) => {
    const mb = Math.round(config.maxUploadBytes / 1024 / 1024);
    if (code === 'LIMIT_FILE_SIZE')
      return new SettingsError('SETTINGS.PORTRAIT_TOO_LARGE', `The portrait is larger than ${mb} MB: send a smaller photo.`, {
        field: 'portrait',
      });
    if (code === 'LIMIT_FILE_COUNT' || code === 'LIMIT_UNEXPECTED_FILE') {
      return new SettingsError('SETTINGS.NO_PORTRAIT_FILE', 'Send one photo, as the form field "portrait".', { field: 'portrait' });
    }
    return undefined;
  },
});

/** The crop the form names, all four numbers or none (the middle of the photo). */
function cropOf(body: Record<string, unknown> | undefined): PortraitCrop | null {
  const given = CROP_FIELDS.filter((f) => body?.[f] !== undefined && body[f] !== '');
  if (given.length === 0) return null;
  const values = CROP_FIELDS.map((f) => (typeof body?.[f] === 'string' && /^\d{1,6}$/.test(body[f] as string) ? Number(body[f]) : NaN));
  if (given.length < CROP_FIELDS.length || values.some((v) => !Number.isInteger(v)) || values[2] === 0 || values[3] === 0) {
    throw new SettingsError('SETTINGS.BAD_CROP', `The crop needs ${CROP_FIELDS.join(', ')} as whole pixels (width and height above 0).`, {
      field: 'crop',
    });
  }
  const [x, y, width, height] = values as [number, number, number, number];
  return { x, y, width, height };
}

/** The memorial settings: the curators edit them (staff only, CSRF like every staff change); visitors get the portrait. */
@ApiTags('settings')
@Controller('api/settings')
export class SettingsController {
  constructor(private readonly memorial: MemorialSettingsService) {}

  @Get('memorial')
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary: "The memorial settings: the poet, life dates, biography (Markdown), portrait, the site's name, hero text and footer",
  })
  settings(): Promise<MemorialSettings> {
    return this.memorial.settings();
  }

  @Put('memorial')
  @UseGuards(StaffGuard)
  @ApiOperation({
    summary: 'Save the memorial settings (every field); public pages show them at once. HTML in the biography is refused (400).',
  })
  update(@Body() dto: UpdateMemorialDto, @Req() req: Request): Promise<MemorialSettings> {
    return this.memorial.update(
      {
        siteName: dto.site_name.trim(),
        poetName: dto.poet_name.trim(),
        birthDate: dto.birth_date || null,
        deathDate: dto.death_date || null,
        poetTitle: dto.poet_title.trim(),
        biography: dto.biography.trim(),
        heroText: dto.hero_text.trim(),
        footerCredit: dto.footer_credit.trim(),
      },
      currentUser(req)?.id ?? null,
    );
  }

  @Put('memorial/portrait')
  @UseGuards(StaffGuard)
  @ChecksCsrfFormField()
  @UseInterceptors(PortraitUpload)
  @ApiOperation({
    summary:
      'Set the portrait from a photo (multipart: portrait, and crop_x, crop_y, crop_width, crop_height in its pixels); stored 640 × 800 (4:5). JPEG, PNG or WebP, up to MAX_UPLOAD_MB and 50 megapixels.',
  })
  setPortrait(@Req() req: Request): Promise<MemorialSettings> {
    const file = (req as Request & { file?: { buffer: Buffer } }).file;
    if (!file) throw new SettingsError('SETTINGS.NO_PORTRAIT_FILE', 'Send the photo as the form field "portrait".', { field: 'portrait' });
    return this.memorial.setPortrait(file.buffer, cropOf(req.body as Record<string, unknown>), currentUser(req)?.id ?? null);
  }

  @Delete('memorial/portrait')
  @UseGuards(StaffGuard)
  @ApiOperation({ summary: 'Remove the portrait' })
  removePortrait(@Req() req: Request): Promise<MemorialSettings> {
    return this.memorial.removePortrait(currentUser(req)?.id ?? null);
  }

  @Get('portrait/:file')
  @ApiOperation({ summary: 'The portrait, as visitors see it; its address names its checksum, so it is cached for good' })
  async portrait(@Param('file') file: string, @Res() res: Response): Promise<void> {
    const data = await this.memorial.portrait(file);
    res.setHeader('Content-Type', 'image/jpeg');
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.send(data);
  }
}
