import { SEARCH_QUERY_MAX_LENGTH } from '../../../contracts/search.js';
import { DomainError } from '../../common/domain/domain-error.js';

export type SearchErrorCode = 'SEARCH.QUERY_EMPTY' | 'SEARCH.QUERY_TOO_LONG';

/** The search text cannot be searched for: a 400 (src/common/domain/error-statuses.ts). */
export class SearchError extends DomainError {
  constructor(
    override readonly code: SearchErrorCode,
    message: string,
  ) {
    super(code, message);
  }

  static emptyQuery(): SearchError {
    return new SearchError('SEARCH.QUERY_EMPTY', 'Type a word or a line to search for (q is empty)');
  }

  static queryTooLong(): SearchError {
    return new SearchError('SEARCH.QUERY_TOO_LONG', `The search text is too long: at most ${SEARCH_QUERY_MAX_LENGTH} characters`);
  }
}
