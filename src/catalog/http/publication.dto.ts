import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Type } from 'class-transformer';

const NOT_BLANK = /\S/;

export class CreatePublicationDto {
  @ApiProperty({ maxLength: 500 })
  @IsString({ message: 'title must be a string' })
  @Matches(NOT_BLANK, { message: 'title is required' })
  @MaxLength(500)
  title: string;

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray({ message: 'authors must be a list of names' })
  @ArrayMaxSize(50)
  @IsString({ each: true, message: 'each author must be a string' })
  @MaxLength(300, { each: true })
  authors?: string[];

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(500) publisher?: string;
  @ApiPropertyOptional({ description: 'Free text: a year, month and year, or a full date' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  publication_date?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(40) isbn?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20_000) notes?: string;
}

/** Any subset of the fields, each validated as on creation (a title, when sent, must not be blank). */
export class UpdatePublicationDto extends PartialType(CreatePublicationDto) {}

export class ListPublicationsQuery {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'admin must be true or false' })
  admin?: 'true' | 'false';

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

  @ApiPropertyOptional({ description: 'react-admin sort, e.g. ["title","ASC"]' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  sort?: string;
}

export class TrashQuery {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'admin must be true or false' })
  admin?: 'true' | 'false';

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
  @Max(100, { message: 'page_size must be between 1 and 100' })
  page_size?: number;
}

export class AdminQuery {
  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsIn(['true', 'false'], { message: 'admin must be true or false' })
  admin?: 'true' | 'false';
}
