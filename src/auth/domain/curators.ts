import { DomainError } from '../../common/domain/domain-error.js';

type CuratorErrorCode = 'CURATORS.USERNAME_TAKEN' | 'CURATORS.NOT_FOUND' | 'CURATORS.LAST_ONE';

export class CuratorError extends DomainError {
  constructor(code: CuratorErrorCode, message: string) {
    super(code, message);
  }
}

export const curatorNotFound = () => new CuratorError('CURATORS.NOT_FOUND', 'No such curator (removed meanwhile?).');

/** An id no curator can have (past the database's integer) finds none, rather than failing in the query. */
export function curatorId(id: number): number {
  if (id < 1 || id > 2_147_483_647) throw curatorNotFound();
  return id;
}
