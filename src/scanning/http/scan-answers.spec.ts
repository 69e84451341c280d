import { describe, expect, it } from 'vitest';
import type { Poem } from '../../catalog/index.js';
import type { ScanOutcome, StoredScanResult } from '../application/scan-job.types.js';
import { toBookImport, toScanJob, toScanResult } from './scan-answers.js';

const poem = (id: number, title: string): Poem => ({
  id,
  slug: title.toLowerCase().replace(/ /g, '-'),
  title,
  body: 'a line\nanother line',
  notes: '',
  lineCount: 2,
  wordCount: 4,
  publicationId: 7,
  pageNumbers: [12],
  status: 'as_scanned',
  proofreadBy: null,
  proofreadAt: null,
  position: id,
  language: null,
  revision: 1,
  createdAt: new Date('2026-03-01T10:00:00.000Z'),
  updatedAt: new Date('2026-03-01T10:00:01.000Z'),
});

const outcome: ScanOutcome = {
  jobId: 'scan-7-0123456789abcdef0123456789abcdef',
  publicationId: 7,
  added: [poem(3, 'Winter'), poem(4, 'Spring')],
  continued: [{ id: 2, title: 'Autumn' }],
  duplicates: [
    { title: 'Summer', matched: { id: 1, title: 'Summer' }, similarity: 0.987, matchedIn: 'publication' },
    { title: 'Spring', matched: { id: 4, title: 'Spring' }, similarity: 1, matchedIn: 'batch' },
  ],
  emptyDropped: 1,
  pagesTotal: 3,
};

const expected = {
  job_id: 'scan-7-0123456789abcdef0123456789abcdef',
  publication_id: 7,
  extracted_poems: 2,
  duplicates_ignored: 2,
  total_scanned: 5,
  empty_dropped: 1,
  continued: [{ id: 2, title: 'Autumn' }],
  duplicates: [
    { title: 'Summer', matched_poem: { id: 1, title: 'Summer' }, similarity: 0.987, matched_in: 'publication' },
    { title: 'Spring', matched_poem: { id: 4, title: 'Spring' }, similarity: 1, matched_in: 'batch' },
  ],
  poems: [3, 4].map((id) => ({
    id,
    slug: id === 3 ? 'winter' : 'spring',
    title: id === 3 ? 'Winter' : 'Spring',
    body: 'a line\nanother line',
    notes: '',
    line_count: 2,
    word_count: 4,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:01.000Z',
    publication_id: 7,
    page_numbers: [12],
    position: id,
    language: null,
    revision: 1,
  })),
  pages_total: 3,
};

describe('a scan outcome as the API answers it', () => {
  it('counts and names what the scan did, in the answer’s own key order', () => {
    expect(JSON.stringify(toScanResult(outcome))).toBe(JSON.stringify(expected));
  });

  it('answers the same from an outcome kept as JSON and read back (its dates as strings)', () => {
    const stored = JSON.parse(JSON.stringify(outcome)) as StoredScanResult;
    expect(JSON.stringify(toScanResult(stored))).toBe(JSON.stringify(expected));
  });

  it('answers a result kept by the version before (the answer itself) as it is', () => {
    const kept = JSON.parse(JSON.stringify(expected)) as StoredScanResult;
    expect(toScanResult(kept)).toEqual(expected);
  });

  it('shapes a job’s result and leaves a failed job’s error as it is', () => {
    const job = {
      job_id: outcome.jobId,
      name: 'scan.pages' as const,
      state: 'completed' as const,
      progress: { pages_done: 3, pages_total: 3 },
      attempts: 1,
    };
    expect(JSON.stringify(toScanJob({ ...job, result: outcome }))).toBe(JSON.stringify({ ...job, result: expected }));
    const error = { code: 'SCAN.PAGE_NOT_FOUND', message: 'Page 1 of this scan is missing from the page store.', status: 422 };
    expect(toScanJob({ ...job, state: 'failed', error })).toEqual({ ...job, state: 'failed', error });
  });

  it('gives a finished import its counts and result, and an unfinished one none', () => {
    const view = {
      id: 5,
      publication_id: 7,
      state: 'finished' as const,
      files_received: 3,
      pages_total: 3,
      pages_drawn: 3,
      pages_done: 3,
      poems_so_far: 5,
      failed_pages: [],
      result: outcome,
      created_at: '2026-03-01T10:00:00.000Z',
      updated_at: '2026-03-01T10:00:02.000Z',
    };
    expect(JSON.stringify(toBookImport(view))).toBe(
      JSON.stringify({
        id: 5,
        publication_id: 7,
        state: 'finished',
        files_received: 3,
        pages_total: 3,
        pages_drawn: 3,
        pages_done: 3,
        poems_so_far: 5,
        poems_added: 2,
        duplicates_ignored: 2,
        failed_pages: [],
        result: expected,
        created_at: view.created_at,
        updated_at: view.updated_at,
      }),
    );
    const reading = toBookImport({ ...view, state: 'reading', result: undefined });
    expect(reading).toMatchObject({ poems_added: 0, duplicates_ignored: 0 });
    expect(reading).not.toHaveProperty('result');
  });
});
