import { describe, expect, it } from 'vitest';
import { ApiError, errorFromResponse, errorVariant, serverCode, serverField, serverText, toLoadError } from './errors.js';

describe('errorVariant', () => {
  it('maps a 500 to database_error', () => {
    expect(errorVariant({ status: 500, message: 'Internal server error' })).toBe('database_error');
  });
  it('maps fetch failures and type errors to network_error', () => {
    expect(errorVariant({ message: 'Failed to fetch' })).toBe('network_error');
    expect(errorVariant(toLoadError(new TypeError('NetworkError when attempting to load')))).toBe('network_error');
    expect(errorVariant(new TypeError('NetworkError when attempting to load'))).toBe('network_error');
    expect(errorVariant(new ApiError('Network error: the server was not reached', 0))).toBe('network_error');
  });
  it('reads an ApiError the same way as the plain data of a server-rendered page', () => {
    expect(errorVariant(new ApiError('Internal server error', 500))).toBe('database_error');
    expect(errorVariant(new ApiError('Not found', 404))).toBe('server_error');
  });
  it('maps a 503 (the server saying its database is unreachable) to database_error', () => {
    expect(errorVariant({ status: 503, message: 'Service Unavailable' })).toBe('database_error');
  });
  it('maps anything else to server_error', () => {
    expect(errorVariant({ status: 502, message: 'Bad gateway' })).toBe('server_error');
  });
});

describe('reading the error body', () => {
  const body = {
    statusCode: 409,
    message: 'Publication is in trash',
    error: 'Publication is in trash',
    detail: 'Publication is in trash',
    code: 'CATALOG.IN_TRASH',
  };

  it('takes the message of a failed answer from its body, else the status text', () => {
    const err = errorFromResponse(409, 'Conflict', body);
    expect(err).toBeInstanceOf(ApiError);
    expect([err.message, err.status, serverCode(err)]).toEqual(['Publication is in trash', 409, 'CATALOG.IN_TRASH']);
    expect(errorFromResponse(502, 'Bad Gateway', '<html>').message).toBe('Bad Gateway');
    expect(errorFromResponse(503, '', null).message).toBe('HTTP 503');
  });

  it('names one field, or the best text in the order error, detail, message', () => {
    const err = new ApiError('x', 400, { message: 'from message', detail: ['a', 'b'] });
    expect(serverField(err, 'error')).toBeUndefined();
    expect(serverField(err, 'detail')).toBe('a b');
    expect(serverText(err)).toBe('a b');
    expect(serverText(new Error('plain'))).toBeUndefined();
  });
});
