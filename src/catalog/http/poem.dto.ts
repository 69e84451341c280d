import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import {
  MAX_JOB_IDS,
  MAX_POEM_IDS,
  POEM_LIMITS as LIMITS,
  POEM_STATUSES,
  type PoemStatus,
  type PoemStatusRequest,
  type ClearPoemsRequest,
  type CreatePoemRequest,
  type LooksRightRequest,
  type ProofreadingPlaceRequest,
  type ReorderPoemsRequest,
  type UpdatePoemRequest,
} from '../../../contracts/catalog.js';
import { LANGUAGE_MAX_LENGTH } from '../../../contracts/language.js';
import { PlainText, TEXT_RULE, VisibleText } from '../../common/text-rules.js';
import { IsLanguageTag } from './language-tag.js';

/** The version an edit was made on (see BasedOnRevision in contracts/catalog.ts). */
export function BaseRevision(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      description: 'The revision the edit was made on; a newer one is overwritten (kept in the history) and the answer says so',
    })(target, key);
    IsOptional()(target, key);
    IsInt({ message: 'base_revision must be a whole number' })(target, key);
    Min(0, { message: 'base_revision must be a whole number' })(target, key);
  };
}

/** A poem's own language: a tag, or null / '' for its book's. */
function PoemLanguage(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({
      type: String,
      nullable: true,
      maxLength: LANGUAGE_MAX_LENGTH,
      description: "BCP 47 tag of a poem in another language than its book, e.g. de; null or '' for the book's language",
    })(target, key);
    IsOptional()(target, key);
    IsLanguageTag({ orBooks: true })(target, key);
  };
}

const STATUS_MESSAGE = `status must be one of ${POEM_STATUSES.join(', ')}`;

export class PoemStatusDto implements PoemStatusRequest {
  @ApiProperty({ enum: POEM_STATUSES })
  @IsIn(POEM_STATUSES, { message: STATUS_MESSAGE })
  status!: PoemStatus;
}

/** GET /publications/{id}/poems/: only the poems with a status (staff). */
export class PoemListQuery {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'admin must be true or false' })
  admin?: 'true' | 'false';

  @ApiPropertyOptional({ enum: POEM_STATUSES })
  @IsOptional()
  @IsIn(POEM_STATUSES, { message: STATUS_MESSAGE })
  status?: PoemStatus;
}

export class UpdatePoemDto implements UpdatePoemRequest {
  @BaseRevision()
  base_revision?: number;

  @ApiPropertyOptional({ description: `Needs a visible character. ${TEXT_RULE}` })
  @IsOptional()
  @IsString({ message: 'title must be a string' })
  @VisibleText('title must not be empty')
  @PlainText('title')
  @MaxLength(LIMITS.title)
  title?: string;

  @ApiPropertyOptional({ description: `Lines as printed; empty line = stanza break; leading spaces = indentation. ${TEXT_RULE}` })
  @IsOptional()
  @IsString({ message: 'body must be a string' })
  @PlainText('body')
  @MaxLength(LIMITS.body)
  body?: string;

  @ApiPropertyOptional({ description: TEXT_RULE })
  @IsOptional()
  @IsString({ message: 'notes must be a string' })
  @PlainText('notes')
  @MaxLength(LIMITS.notes)
  notes?: string;

  @PoemLanguage()
  language?: string | null;
}

export class CreatePoemDto implements CreatePoemRequest {
  @ApiProperty({ maxLength: LIMITS.title, description: `Needs a visible character. ${TEXT_RULE}` })
  @IsString({ message: 'title must be a string' })
  @VisibleText('title is required')
  @PlainText('title')
  @MaxLength(LIMITS.title)
  title: string;

  @ApiProperty({ description: `Lines as printed; empty line = stanza break; leading spaces = indentation. ${TEXT_RULE}` })
  @IsString({ message: 'body must be a string' })
  @VisibleText('body is required: type the poem')
  @PlainText('body')
  @MaxLength(LIMITS.body)
  body: string;

  @ApiPropertyOptional({ description: TEXT_RULE })
  @IsOptional()
  @IsString({ message: 'notes must be a string' })
  @PlainText('notes')
  @MaxLength(LIMITS.notes)
  notes?: string;

  @ApiPropertyOptional({ type: [Number], description: 'Printed page numbers' })
  @IsOptional()
  @IsArray({ message: 'page_numbers must be a list of page numbers' })
  @ArrayMaxSize(LIMITS.page_numbers)
  @IsInt({ each: true, message: 'each page number must be a whole number' })
  @Min(1, { each: true, message: 'page numbers start at 1' })
  @Max(LIMITS.page_number, { each: true })
  page_numbers?: number[];

  @PoemLanguage()
  language?: string | null;
}

/** A list of poem ids: whole numbers, each once. */
function PoemIds(required: boolean): PropertyDecorator {
  return (target, key) => {
    (required ? ApiProperty : ApiPropertyOptional)({ type: [Number] })(target, key);
    if (!required) IsOptional()(target, key);
    IsArray({ message: 'poem_ids must be a list of poem ids' })(target, key);
    ArrayMaxSize(MAX_POEM_IDS, { message: `poem_ids may list at most ${MAX_POEM_IDS} poems` })(target, key);
    ArrayUnique({ message: 'poem_ids must list each poem once' })(target, key);
    IsInt({ each: true, message: 'each poem id must be a whole number' })(target, key);
    Min(1, { each: true, message: 'each poem id must be a whole number' })(target, key);
  };
}

export class ReorderPoemsDto implements ReorderPoemsRequest {
  @PoemIds(true)
  poem_ids: number[];
}

export class ClearPoemsDto implements ClearPoemsRequest {
  @PoemIds(false)
  poem_ids?: number[];

  @ApiPropertyOptional({ type: [String], description: 'Scan jobs (job_id of their answers) whose stored page photos go too' })
  @IsOptional()
  @IsArray({ message: 'job_ids must be a list of scan job ids' })
  @ArrayMaxSize(MAX_JOB_IDS, { message: `job_ids may list at most ${MAX_JOB_IDS} scans` })
  @ArrayUnique({ message: 'job_ids must list each scan once' })
  @IsString({ each: true, message: 'each scan job id must be text' })
  @MaxLength(100, { each: true, message: 'each scan job id must be at most 100 characters' })
  job_ids?: string[];
}

export class LooksRightDto implements LooksRightRequest {
  @ApiProperty({ description: 'The line, as ProofreadingLine.line (0-based, stanza breaks counted)' })
  @IsInt({ message: 'line must be a whole number' })
  @Min(0, { message: 'line must be a whole number' })
  @Max(LIMITS.body, { message: 'line is past the end of any poem' })
  line!: number;

  @ApiProperty({ description: "The word's first character offset in the line" })
  @IsInt({ message: 'start must be a whole number' })
  @Min(0, { message: 'start must be a whole number' })
  @Max(LIMITS.body, { message: 'start is past the end of any line' })
  start!: number;

  @ApiProperty({ description: "The offset just after the word's last character" })
  @IsInt({ message: 'end must be a whole number' })
  @Min(1, { message: 'end must be a whole number above 0' })
  @Max(LIMITS.body, { message: 'end is past the end of any line' })
  end!: number;
}

export class ProofreadingPlaceDto implements ProofreadingPlaceRequest {
  @ApiProperty({ description: 'The poem of this publication the curator has open' })
  @IsInt({ message: 'poem_id must be a poem id' })
  @Min(1, { message: 'poem_id must be a poem id' })
  @Max(2_147_483_647, { message: 'poem_id must be a poem id' })
  poem_id!: number;
}
