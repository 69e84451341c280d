import { describe, expect, it } from 'vitest';
import { errorVariant, toLoadError } from './load-error.js';

describe('errorVariant', () => {
  it('maps a 500 to database_error', () => {
    expect(errorVariant({ status: 500, message: 'Internal server error' })).toBe('database_error');
  });
  it('maps fetch failures and type errors to network_error', () => {
    expect(errorVariant({ message: 'Failed to fetch' })).toBe('network_error');
    expect(errorVariant(toLoadError(new TypeError('NetworkError when attempting to load')))).toBe('network_error');
  });
  it('maps anything else to server_error', () => {
    expect(errorVariant({ status: 503, message: 'Service Unavailable' })).toBe('server_error');
    expect(errorVariant({ status: 502, message: 'Bad gateway' })).toBe('server_error');
  });
});
