import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SearchResults } from '../../../contracts/search.js';
import { PublicReadInterceptor } from '../../delivery/index.js';
import { SearchService } from '../application/search.service.js';
import { SearchQueryDto } from './search.dto.js';

@ApiTags('search')
@Controller('api/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  // Answers are the same for every visitor: cached like the catalog's reads, dropped on any change.
  @UseInterceptors(PublicReadInterceptor)
  @ApiOperation({
    summary: 'Search published poems (title, first line, text) and publications (title, authors, publisher, date, ISBN)',
    description:
      'Every word must match, accents and case aside; words of two or more letters also match the start of a word. ' +
      'Best first: every word in the title, then the words as a phrase, then full-text rank. Drafts and the trash never match. ' +
      '`title_html`, `snippet_html`, `authors_html` and `details_html` are HTML-escaped text whose only markup is <mark> around matches. ' +
      'Text without letters or digits finds nothing (200 with empty lists).',
  })
  @ApiOkResponse({ description: '{ q, poems, poem_total, publications, publication_total }' })
  @ApiBadRequestResponse({
    description: 'q missing or blank (SEARCH.QUERY_EMPTY), longer than 200 characters (SEARCH.QUERY_TOO_LONG), repeated, or a bad limit',
  })
  find(@Query() query: SearchQueryDto): Promise<SearchResults> {
    return this.search.search(query.q, query.limit);
  }
}
