import { describe, expect, it } from 'vitest';
import { PUBLICATION_LIMITS } from '../../../contracts/catalog.js';
import { PUBLICATION_VALIDATION as RULES, publicationPayload } from './publication-validation.js';

/** The first message a list of react-admin validators gives, as the form would show it. */
async function message(rules: unknown, value: unknown): Promise<unknown> {
  for (const rule of [rules].flat() as Array<(value: unknown, values: object) => unknown>) {
    const result = await rule(value, {});
    if (result) return result;
  }
  return undefined;
}

describe("publication form rules (the API's, in contracts/)", () => {
  it('wants a title that is not blank and not too long', async () => {
    expect(await message(RULES.title, 'Winter Orchard')).toBeUndefined();
    expect(await message(RULES.title, '')).toBeTruthy();
    expect(await message(RULES.title, '   ')).toBe('ra.validation.required');
    expect(await message(RULES.title, 'x'.repeat(PUBLICATION_LIMITS.title + 1))).toMatchObject({ message: 'ra.validation.maxLength' });
  });

  it('allows no authors, and refuses too many or too long a name', async () => {
    expect(await message(RULES.authors, [])).toBeUndefined();
    expect(
      await message(
        RULES.authors,
        Array.from({ length: PUBLICATION_LIMITS.authors + 1 }, (_, i) => `A${i}`),
      ),
    ).toMatchObject({ message: 'archive.validation.max_authors' });
    expect(await message(RULES.authors, ['x'.repeat(PUBLICATION_LIMITS.author + 1)])).toMatchObject({ message: 'ra.validation.maxLength' });
  });

  it('checks the lengths of the other fields', async () => {
    expect(await message(RULES.isbn, '9'.repeat(PUBLICATION_LIMITS.isbn))).toBeUndefined();
    expect(await message(RULES.isbn, '9'.repeat(PUBLICATION_LIMITS.isbn + 1))).toBeTruthy();
    expect(await message(RULES.publication_date, 'x'.repeat(PUBLICATION_LIMITS.publication_date + 1))).toBeTruthy();
  });
});

describe('what the edit form sends', () => {
  it('trims author names, drops empty ones, and sends an emptied field as an empty text', () => {
    expect(
      publicationPayload({
        title: 'T',
        authors: [' Ann Lee ', '', '  '],
        publisher: null,
        publication_date: '1913',
        isbn: undefined,
        notes: 'n',
      }),
    ).toEqual({
      title: 'T',
      authors: ['Ann Lee'],
      publisher: '',
      publication_date: '1913',
      isbn: '',
      notes: 'n',
    });
  });

  it('sends a chosen or typed language in its canonical spelling, and refuses what is not a tag', async () => {
    expect(publicationPayload({ title: 'T', language: 'pt-br' }).language).toBe('pt-BR');
    expect(await message(RULES.language, 'de')).toBeFalsy();
    expect(await message(RULES.language, 'not a language')).toBeTruthy();
  });
});
