import { QueryFailedError } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('recognises an unreachable, hanging or restarting PostgreSQL', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], withCode('terminating connection due to administrator command', '57P01'))),
    ).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], withCode('the database system is starting up', '57P03')))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    // A hung query: cancelled by statement_timeout, or no answer at all within query_timeout.
    expect(
      isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], withCode('canceling statement due to statement timeout', '57014'))),
    ).toBe(true);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT 1', [], new Error('Query read timeout')))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to idle-in-transaction timeout', '25P03'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
  });

  it('leaves bugs and bad requests alone', () => {
    expect(
      isDatabaseUnavailable(new QueryFailedError('INSERT', [], withCode('duplicate key value violates unique constraint', '23505'))),
    ).toBe(false);
    expect(isDatabaseUnavailable(new QueryFailedError('SELECT', [], withCode('deadlock detected', '40P01')))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
