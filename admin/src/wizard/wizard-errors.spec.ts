import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../contracts/errors.js';
import { translate as t } from '../i18n/i18n-provider.js';
import {
  actionFailure as actionFailureT,
  createFailure as createFailureT,
  metadataException as metadataExceptionT,
  metadataNonSuccess as metadataNonSuccessT,
  scanFailure as scanFailureT,
} from './wizard-errors.js';

// Worded by the admin's own English messages, so these are the texts the admin sees.
const metadataNonSuccess = (status: number, error: string | undefined) => metadataNonSuccessT(status, error, t);
const metadataException = (err: unknown) => metadataExceptionT(err, t);
const createFailure = (err: unknown) => createFailureT(err, t);
const scanFailure = (err: unknown) => scanFailureT(err, t);
const actionFailure = (prefixKey: string, err: unknown) => actionFailureT(prefixKey, err, t);

const api = (status: number, body: unknown = {}) => new ApiError('boom', status, body);

describe('wizard error texts (SPEC section 8)', () => {
  it('metadata answered without success names the cause and offers manual entry', () => {
    expect(metadataNonSuccess(403, undefined)).toBe(
      'Access denied. Please check your permissions. You can proceed to manually enter the information.',
    );
    expect(metadataNonSuccess(500, undefined)).toBe(
      'Server error occurred during processing. You can proceed to manually enter the information.',
    );
    expect(metadataNonSuccess(413, undefined)).toBe(
      'Image files are too large. Please use smaller images. You can proceed to manually enter the information.',
    );
    expect(metadataNonSuccess(200, 'No text found')).toBe('No text found You can proceed to manually enter the information.');
  });

  it('metadata exceptions', () => {
    expect(metadataException(api(401))).toEqual({ message: 'Authentication failed. Please log in again.', toLogin: true });
    expect(metadataException(api(403))).toMatchObject({ toLogin: true });
    expect(metadataException(api(429)).message).toBe('Too many requests. Please wait a moment and try again.');
    expect(metadataException(api(413)).message).toBe('Files are too large. Please use smaller images.');
    expect(metadataException(api(502, { error: 'OpenAI request failed' })).message).toMatch(/AI service/);
    expect(metadataException(api(500, { error: 'database down' })).message).toMatch(/server had a problem/);
    expect(metadataException(api(0, null)).message).toBe('Unable to connect to server. Please check your internet connection.');
  });

  it('publication creation failures start with the fixed prefix', () => {
    expect(createFailure(api(403, { detail: 'CSRF Failed: CSRF token missing or incorrect.' }))).toBe(
      'Failed to create publication. Security token expired. Please refresh the page and try again.',
    );
    expect(createFailure(api(403, { detail: 'Staff only' }))).toBe(
      'Failed to create publication. Access denied. Please check your permissions.',
    );
    expect(createFailure(api(401))).toBe('Failed to create publication. Authentication required. Please log in again.');
    expect(createFailure(api(400, { error: 'title must not be empty' }))).toBe('Failed to create publication. title must not be empty');
    expect(createFailure(new Error(''))).toBe('Failed to create publication. Please try again.');
  });

  it('batch scan failures', () => {
    expect(scanFailure(api(401))).toMatchObject({ toLogin: true });
    expect(scanFailure(api(429)).message).toBe('Too many requests. Please wait a moment and try again.');
    expect(scanFailure(api(413)).message).toBe('Files are too large. Please use smaller images.');
    expect(scanFailure(api(0, null)).message).toBe('Network error. Please check your internet connection and try again.');
    expect(scanFailure(new Error('weird')).message).toBe('Error processing content batch. Please try again.');
    expect(scanFailure(api(400, { error: 'page_3 is not an image (JPEG, PNG or WebP)' })).message).toBe(
      'page_3 is not an image (JPEG, PNG or WebP)',
    );
  });

  it('clear, save draft and publish failures', () => {
    expect(actionFailure('archive.errors.publishing', api(409, { error: 'Publication is in the trash' }))).toBe(
      'Error publishing: Publication is in the trash',
    );
    expect(actionFailure('archive.errors.saving_draft', new Error('x'))).toBe('Error saving draft: Please try again.');
    expect(actionFailure('archive.errors.clearing', api(409, { error: 'Poem 9 is not in this publication; nothing was removed.' }))).toBe(
      'Error clearing poems: Poem 9 is not in this publication; nothing was removed.',
    );
  });
});
