import { describe, expect, it } from 'vitest';
import { PoemRequestMapper, PublicationRequestMapper } from './requests.mapper.js';

describe("the API's requests", () => {
  it('reads a typed-in poem request', () => {
    expect(PoemRequestMapper.fromCreateRequest({ title: 'T', body: 'b', page_numbers: [3] })).toEqual({
      title: 'T',
      body: 'b',
      notes: '',
      pageNumbers: [3],
      language: null,
    });
  });

  it("reads a poem's own language: a tag in its canonical spelling, null or '' for its book's, absent left as it is", () => {
    expect(PoemRequestMapper.fromCreateRequest({ title: 'T', body: 'b', language: 'DE' }).language).toBe('de');
    expect(PoemRequestMapper.fromUpdateRequest({ language: 'pt-br' })).toMatchObject({ language: 'pt-BR' });
    expect(PoemRequestMapper.fromUpdateRequest({ language: null }).language).toBeNull();
    expect(PoemRequestMapper.fromUpdateRequest({ language: '' }).language).toBeNull();
    expect(PoemRequestMapper.fromUpdateRequest({ title: 'T' }).language).toBeUndefined();
  });

  it('reads publication requests: a new publication starts empty where the request is silent, an update names only what it sends', () => {
    expect(PublicationRequestMapper.fromCreateRequest({ title: 'T', publication_date: '1971' })).toEqual({
      title: 'T',
      authors: [],
      publisher: '',
      publicationDate: '1971',
      isbn: '',
      notes: '',
      language: 'en',
    });
    expect(PublicationRequestMapper.fromUpdateRequest({ publication_date: '', authors: ['X'] })).toEqual({
      publicationDate: '',
      authors: ['X'],
    });
  });

  it('stores a language tag in its canonical spelling', () => {
    expect(PublicationRequestMapper.fromCreateRequest({ title: 'T', language: 'PT-br' }).language).toBe('pt-BR');
    expect(PublicationRequestMapper.fromUpdateRequest({ language: 'DE' })).toEqual({ language: 'de' });
  });
});
