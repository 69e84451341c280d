import { describe, expect, it } from 'vitest';
import { REPORT_LIMITS } from '../../../contracts/reports.js';
import { checkNewReport, checkRecentReports, closeReport, lineOfReport, REPORT_RULES, type StoredReport } from './report.js';

const code = (work: () => unknown) => {
  try {
    work();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
};

describe('a reader’s report', () => {
  // The domain keeps its own copy (it imports nothing outside itself); the form and backups tell
  // readers and restores the contract's. They are one set of limits.
  it('holds the limits the form states', () => {
    expect(REPORT_RULES).toEqual(REPORT_LIMITS);
  });

  it('takes quoted words or a note, trimmed, name and email optional', () => {
    expect(checkNewReport({ quote: '  On! ', note: '' }, 'website')).toEqual({
      quote: 'On!',
      note: '',
      name: '',
      email: '',
      shownLine: null,
    });
    expect(checkNewReport({ note: 'A word is missing', name: 'Ann', email: 'ann@example.org', line: '3' }, 'website')).toMatchObject({
      note: 'A word is missing',
      shownLine: 3,
    });
  });

  it('refuses a report with nothing in it, a robot’s, and anything not text', () => {
    expect(code(() => checkNewReport({ quote: '  ', note: '' }, 'website'))).toBe('REPORTS.EMPTY');
    expect(code(() => checkNewReport({ note: 'typo', website: 'http://spam' }, 'website'))).toBe('REPORTS.REFUSED');
    expect(code(() => checkNewReport({ note: ['typo'] }, 'website'))).toBe('REPORTS.INVALID');
    expect(code(() => checkNewReport('typo', 'website'))).toBe('REPORTS.INVALID');
    expect(code(() => checkNewReport({ note: 'typo', email: 'not an address' }, 'website'))).toBe('REPORTS.INVALID');
  });

  it('refuses each field over its length, and says every limit passed', () => {
    for (const field of ['quote', 'note', 'name', 'email'] as const) {
      const long = field === 'email' ? `${'a'.repeat(REPORT_RULES.email)}@x.org` : 'a'.repeat(REPORT_RULES[field] + 1);
      expect(code(() => checkNewReport({ note: 'typo', [field]: long }, 'website'))).toBe('REPORTS.TOO_LONG');
      const exact = field === 'email' ? `${'a'.repeat(REPORT_RULES.email - 6)}@x.org` : 'a'.repeat(REPORT_RULES[field]);
      expect(checkNewReport({ note: 'typo', [field]: exact }, 'website')[field]).toBe(exact);
    }
    expect(() => checkNewReport({ quote: 'q'.repeat(301), note: 'n'.repeat(1001) }, 'website')).toThrow(
      'the quote may be at most 300 characters, the note may be at most 1000 characters',
    );
  });

  it('takes up to the hourly limit from an address and the daily limit for a poem', () => {
    expect(() =>
      checkRecentReports({ fromAddress: REPORT_RULES.perAddressPerHour - 1, forPoem: REPORT_RULES.perPoemPerDay - 1 }),
    ).not.toThrow();
    expect(code(() => checkRecentReports({ fromAddress: REPORT_RULES.perAddressPerHour, forPoem: 0 }))).toBe(
      'REPORTS.TOO_MANY_FROM_ADDRESS',
    );
    expect(code(() => checkRecentReports({ fromAddress: 0, forPoem: REPORT_RULES.perPoemPerDay }))).toBe('REPORTS.TOO_MANY_FOR_POEM');
  });
});

describe('the line a report is about', () => {
  const body = 'The tide comes in\n  and On! the gulls\n\nThe tide comes in\nagain tonight';

  it('is the first line holding the quoted words, counted as the editor counts (stanza breaks too), whatever the spacing', () => {
    expect(lineOfReport(body, { quote: 'On!  the', shownLine: null })).toBe(2);
    expect(lineOfReport(body, { quote: 'again tonight\nmore', shownLine: null })).toBe(5);
    expect(lineOfReport(body, { quote: 'tide comes', shownLine: null })).toBe(1);
  });

  it('is the line selected on screen when the words are there (a refrain), else the first that holds them', () => {
    expect(lineOfReport(body, { quote: 'tide comes', shownLine: 3 })).toBe(4);
    expect(lineOfReport(body, { quote: 'tide comes', shownLine: 2 })).toBe(1);
    expect(lineOfReport(body, { quote: 'tide comes', shownLine: 99 })).toBe(1);
  });

  it('is none for a note alone or words not in the poem', () => {
    expect(lineOfReport(body, { quote: '', shownLine: 2 })).toBeNull();
    expect(lineOfReport(body, { quote: 'albatross', shownLine: null })).toBeNull();
  });
});

describe('closing a report', () => {
  const open: StoredReport = {
    id: 1,
    poemId: 2,
    line: 3,
    quote: 'On!',
    note: '',
    name: '',
    email: '',
    status: 'open',
    createdAt: new Date(0),
    closedAt: null,
    closedBy: null,
  };
  const now = new Date('2026-03-01T10:00:00Z');

  it('resolves or dismisses an open report, saying who and when', () => {
    expect(closeReport(open, 'resolved', 'ann', now)).toMatchObject({ status: 'resolved', closedBy: 'ann', closedAt: now });
    expect(closeReport(open, 'dismissed', 'ann', now).status).toBe('dismissed');
  });

  it('closes a report only once, and never reopens it', () => {
    const closed = closeReport(open, 'resolved', 'ann', now);
    expect(code(() => closeReport(closed, 'dismissed', 'bo', now))).toBe('REPORTS.ALREADY_CLOSED');
    expect(code(() => closeReport(open, 'open', 'bo', now))).toBe('REPORTS.INVALID');
  });
});
