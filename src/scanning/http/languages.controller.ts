import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { LanguagesAnswer } from '../../../contracts/language.js';
import { StaffGuard } from '../../auth/index.js';
import { offeredLanguages } from '../../config/ocr-languages.js';

/** The languages a curator may give a book: those the offline extractor has a model for (staff only). */
@ApiTags('languages')
@Controller('api/languages')
@UseGuards(StaffGuard)
export class LanguagesController {
  /** Found once, as the API starts: a model installed later is offered after a restart. */
  private readonly offered = offeredLanguages();

  @Get()
  @ApiOperation({
    summary:
      'The languages the archive reads offline, each a BCP 47 tag named in its own language then in English: the eight it ships, then every other installed @tesseract.js-data model',
  })
  languages(): LanguagesAnswer {
    return this.offered;
  }
}
