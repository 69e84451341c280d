import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_QUERY_MAX_LENGTH } from '../../../contracts/search.js';

/** Emptiness and length are checked by the search itself, so the page and the API say the same. */
export class SearchQueryDto {
  @ApiProperty({
    description: 'Words, the start of words, or a line remembered; accents and case do not matter',
    maxLength: SEARCH_QUERY_MAX_LENGTH,
    example: 'the river wakes',
  })
  @IsOptional()
  @IsString({ message: 'q must be text (one q parameter)' })
  q?: string;

  @ApiPropertyOptional({
    description: 'Most poems and most publications answered',
    default: SEARCH_DEFAULT_LIMIT,
    maximum: SEARCH_MAX_LIMIT,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: `limit must be between 1 and ${SEARCH_MAX_LIMIT}` })
  @Max(SEARCH_MAX_LIMIT, { message: `limit must be between 1 and ${SEARCH_MAX_LIMIT}` })
  limit?: number;
}
