import { describe, expect, it } from 'vitest';
import { fakeCatalog } from '../../../test/support/fakes/catalog.js';
import { FakeReportStore } from '../../../test/support/fakes/reports.js';
import { REPORT_LIMITS } from '../../../contracts/reports.js';
import { REPORT_RULES } from '../domain/report.js';
import { Reports } from './reports.js';

async function setUp(published = true) {
  const catalog = fakeCatalog();
  const store = new FakeReportStore(catalog.clock);
  const book = await catalog.commands.createPublication({
    title: 'Field Notes',
    authors: [],
    publisher: '',
    publicationDate: '',
    isbn: '',
    notes: '',
  });
  const poem = await catalog.commands.createPoem(book.id, { title: 'Gulls', body: 'The tide comes in\n  and On! the gulls' });
  if (published) await catalog.commands.setStatus(book.id, 'published');
  return { catalog, store, poem, reports: new Reports(catalog.queries, store) };
}

const code = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: { code?: string }) => err.code,
  );

describe('Reports', () => {
  it('tells readers the limits the server holds', () => {
    expect(REPORT_LIMITS).toEqual(REPORT_RULES);
  });

  it('takes a report of a published poem, at the line of its quoted words, into the open inbox', async () => {
    const { reports, poem } = await setUp();
    await reports.submit(poem.id, { quote: 'On! the', note: 'Oh!' }, '203.0.113.1', 'website');
    const { count, reports: open } = await reports.list('open', 1, 25);
    expect(count).toBe(1);
    expect(open[0]).toMatchObject({ poemId: poem.id, line: 2, quote: 'On! the', note: 'Oh!', status: 'open' });
  });

  it('answers a draft poem’s report as not found, and keeps nothing', async () => {
    const { reports, poem, store } = await setUp(false);
    expect(await code(reports.submit(poem.id, { note: 'typo' }, '203.0.113.1', 'website'))).toBe('CATALOG.POEM_NOT_FOUND');
    expect(store.rows).toHaveLength(0);
  });

  it('refuses above the hourly limit of an address and takes it again an hour later', async () => {
    const { reports, poem, store, catalog } = await setUp();
    for (let i = 0; i < REPORT_RULES.perAddressPerHour; i++) await reports.submit(poem.id, { note: `typo ${i}` }, '203.0.113.2', 'website');
    expect(await code(reports.submit(poem.id, { note: 'one more' }, '203.0.113.2', 'website'))).toBe('REPORTS.TOO_MANY_FROM_ADDRESS');
    await reports.submit(poem.id, { note: 'another reader' }, '203.0.113.3', 'website');
    catalog.clock.advanceMinutes(61);
    await reports.submit(poem.id, { note: 'an hour on' }, '203.0.113.2', 'website');
    expect(store.rows).toHaveLength(REPORT_RULES.perAddressPerHour + 2);
  });

  it('refuses above the daily limit of a poem, from any address', async () => {
    const { reports, poem, store } = await setUp();
    for (let i = 0; i < REPORT_RULES.perPoemPerDay; i++) await reports.submit(poem.id, { note: 'typo' }, `198.51.100.${i}`, 'website');
    expect(await code(reports.submit(poem.id, { note: 'typo' }, '198.51.100.200', 'website'))).toBe('REPORTS.TOO_MANY_FOR_POEM');
    expect(store.rows).toHaveLength(REPORT_RULES.perPoemPerDay);
  });

  it('resolves an open report once, as the curator who did', async () => {
    const { reports, poem } = await setUp();
    const sent = await reports.submit(poem.id, { note: 'typo' }, '203.0.113.4', 'website');
    expect(await reports.close(sent.id, 'resolved', 'ann')).toMatchObject({ status: 'resolved', closedBy: 'ann' });
    expect(await code(reports.close(sent.id, 'dismissed', 'bo'))).toBe('REPORTS.ALREADY_CLOSED');
    expect(await code(reports.close(999, 'dismissed', 'bo'))).toBe('REPORTS.NOT_FOUND');
    expect((await reports.list('resolved', 1, 25)).count).toBe(1);
    expect((await reports.list('open', 1, 25)).count).toBe(0);
  });
});
