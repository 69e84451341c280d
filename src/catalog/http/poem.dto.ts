import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class UpdatePoemDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'title must be a string' })
  @Matches(/\S/, { message: 'title must not be empty' })
  @MaxLength(500)
  title?: string;

  @ApiPropertyOptional({ description: 'Lines as printed; empty line = stanza break; leading spaces = indentation' })
  @IsOptional()
  @IsString({ message: 'body must be a string' })
  @MaxLength(200_000)
  body?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'notes must be a string' })
  @MaxLength(20_000)
  notes?: string;
}
