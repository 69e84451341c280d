import { BaseRevision } from './poem.dto.js';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';
import {
  PUBLICATION_LIMITS as LIMITS,
  SEARCH_MAX_LENGTH,
  TRASH_MAX_PAGE_SIZE,
  type CreatePublicationRequest,
} from '../../../contracts/catalog.js';
import { DEFAULT_LANGUAGE, LANGUAGE_MAX_LENGTH } from '../../../contracts/language.js';
import { IsLanguageTag } from './language-tag.js';
import { PlainText, TEXT_RULE, VisibleText } from '../../common/text-rules.js';

export class CreatePublicationDto implements CreatePublicationRequest {
  @ApiProperty({ maxLength: LIMITS.title, description: `Needs a visible character. ${TEXT_RULE}` })
  @IsString({ message: 'title must be a string' })
  @VisibleText('title is required')
  @PlainText('title')
  @MaxLength(LIMITS.title)
  title: string;

  @ApiPropertyOptional({ type: [String], description: TEXT_RULE })
  @IsOptional()
  @IsArray({ message: 'authors must be a list of names' })
  @ArrayMaxSize(LIMITS.authors)
  @IsString({ each: true, message: 'each author must be a string' })
  @PlainText('authors', { each: true })
  @MaxLength(LIMITS.author, { each: true })
  authors?: string[];

  @ApiPropertyOptional({ description: TEXT_RULE })
  @IsOptional()
  @IsString()
  @PlainText('publisher')
  @MaxLength(LIMITS.publisher)
  publisher?: string;
  @ApiPropertyOptional({ description: `Free text: a year, month and year, or a full date. ${TEXT_RULE}` })
  @IsOptional()
  @IsString()
  @PlainText('publication_date')
  @MaxLength(LIMITS.publication_date)
  publication_date?: string;
  @ApiPropertyOptional({ description: TEXT_RULE })
  @IsOptional()
  @IsString()
  @PlainText('isbn')
  @MaxLength(LIMITS.isbn)
  isbn?: string;
  @ApiPropertyOptional({ description: TEXT_RULE })
  @IsOptional()
  @IsString()
  @PlainText('notes')
  @MaxLength(LIMITS.notes)
  notes?: string;
  @ApiPropertyOptional({
    default: DEFAULT_LANGUAGE,
    maxLength: LANGUAGE_MAX_LENGTH,
    description: 'BCP 47 tag of the language the book is written in, e.g. en, de, pt-BR',
  })
  @IsOptional()
  @IsLanguageTag()
  language?: string;
}

/** Any subset of the fields, each validated as on creation (a title, when sent, must not be blank). */
export class UpdatePublicationDto extends PartialType(CreatePublicationDto) {
  @BaseRevision()
  base_revision?: number;
}

export class AdminQuery {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'admin must be true or false' })
  admin?: 'true' | 'false';
}

/** What both admin lists take: an order and a text search. */
class SortedSearchQuery extends AdminQuery {
  @ApiPropertyOptional({ description: 'react-admin sort, e.g. ["title","ASC"]' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sort?: string;

  @ApiPropertyOptional({ description: 'Text to find in titles and authors' })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(SEARCH_MAX_LENGTH, { message: `q must be at most ${SEARCH_MAX_LENGTH} characters` })
  q?: string;
}

export class ListPublicationsQuery extends SortedSearchQuery {
  @ApiPropertyOptional({ enum: ['draft', 'published', 'trash'] })
  @IsOptional()
  @IsIn(['draft', 'published', 'trash', ''], { message: 'status must be draft, published or trash' })
  status?: 'draft' | 'published' | 'trash' | '';

  @ApiPropertyOptional({ description: 'react-admin range, e.g. [0,24]' })
  @IsOptional()
  @Matches(/^\[\s*\d{1,6}\s*,\s*\d{1,6}\s*\]$/, { message: 'range must look like [0,24]' })
  range?: string;

  @ApiPropertyOptional({ description: 'react-admin filter, e.g. {"status":"draft"}' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  filter?: string;
}

/** The trash, newest deletion first unless sorted otherwise, in pages (1 and 20 by default). */
export class TrashQuery extends SortedSearchQuery {
  @ApiPropertyOptional({ default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  @Max(100_000)
  page?: number;

  @ApiPropertyOptional({ default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page_size must be a whole number' })
  @Min(1, { message: 'page_size must be between 1 and 100' })
  @Max(TRASH_MAX_PAGE_SIZE, { message: 'page_size must be between 1 and 100' })
  page_size?: number;
}
