import { describe, expect, it } from 'vitest';
import { readIsbn } from './isbn.js';

const isbn = (text: string) => readIsbn(text).isbn;

describe('ISBNs read from a copyright page', () => {
  it('accepts an ISBN only when its check digit is right, preferring one that checks as printed', () => {
    expect(isbn('ISBN 0-9612345-3-8\nISBN-13: 978-0-306-40615-7')).toBe('978-0-306-40615-7');
    expect(isbn('ISBN 978-0-8050-0014-6')).toBe('978-0-8050-0014-6');
    expect(isbn('ISBN 0-8714-0372-2')).toBe('0-8714-0372-2');
    expect(isbn('no number here')).toBe('');
  });

  it('repairs O and l read for figures, and one misread figure when exactly one repair checks', () => {
    expect(isbn('ISBN O-96l2345-3-9')).toBe('0-9612345-3-9');
    // 0-8714-0372-2 with its first 0 read as 6: exactly one change of a confusable figure checks.
    expect(isbn('ISBN 6-8714-0372-2')).toBe('0-8714-0372-2');
    // With a 0 read as 8, three single changes would check: no guess is made.
    expect(isbn('ISBN 978-0-8050-0814-6')).toBe('');
  });

  it('reports what was printed when nothing checks', () => {
    expect(readIsbn('ISBN 0-4444444-4-4')).toEqual({ isbn: '', unreadable: '0-4444444-4-4' });
    expect(readIsbn('no number here')).toEqual({ isbn: '', unreadable: undefined });
  });
});
