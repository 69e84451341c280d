import { describe, expect, it } from 'vitest';
import { unknownWordsHere } from './hunspell-checkers.js';

describe('the word lists', () => {
  it('know a book’s words as printed: punctuation, line-initial capitals, curly apostrophes, compounds', async () => {
    const words = ['The', 'harp,', '“Oh,', 'o’er', 'halls;', 'well-known', 'XVIII', '1821', '—', 'lovliest', 'On!', 'SHALL'];
    expect(await unknownWordsHere(words, 'en-GB')).toEqual(['lovliest']);
  });

  it('know English as printed on either side of the Atlantic', async () => {
    const words = ['grey', 'harbour', 'colour', 'gray', 'harbor', 'color', 'beautifull'];
    expect(await unknownWordsHere(words, 'en')).toEqual(['beautifull']);
    expect(await unknownWordsHere(words, 'en-US')).toEqual(['beautifull']);
  });

  it('read German as printed before and after the spelling reform, and mark its misreadings', async () => {
    const words = ['sein', 'Landschaft', 'bewachen', 'Träume', 'daß', 'Fluß', 'ÄUSSEREN', 'Botschaft', 'Botsciiaft', 'ticfen', 'cin'];
    expect(await unknownWordsHere(words, 'de')).toEqual(['Botsciiaft', 'ticfen', 'cin']);
  });

  it("know German poets' own compounds as their parts, and still mark a misreading", async () => {
    const words = [
      'Adlersluft',
      'Erdendinge',
      'windgetragenen',
      'Todesschwärze',
      'Sternefunkeln',
      'Halbabgewandt',
      'Kinsamkeit',
      'cinmnal',
    ];
    expect(await unknownWordsHere(words, 'de')).toEqual(['Kinsamkeit', 'cinmnal']);
  });

  it('hold Italian, Portuguese and Latin, each of the languages the archive reads', async () => {
    expect(await unknownWordsHere(['amore', 'dolcissima', 'perché', 'amorc'], 'it')).toEqual(['amorc']);
    expect(await unknownWordsHere(['saudade', 'coração', 'coraçao'], 'pt')).toEqual(['coraçao']);
    expect(await unknownWordsHere(['Arma', 'virumque', 'cano,', 'Troiae', 'virumqne'], 'la')).toEqual(['virumqne']);
    expect(await unknownWordsHere(['cœur', 'étoile', 'étoilc'], 'fr')).toEqual(['étoilc']);
    expect(await unknownWordsHere(['corazón', 'estrella', 'estrclla'], 'es')).toEqual(['estrclla']);
    expect(await unknownWordsHere(['liefde', 'sterren', 'stcrren'], 'nl')).toEqual(['stcrren']);
  });

  it('mark nothing in a language the archive has no list for', async () => {
    expect(await unknownWordsHere(['anything', 'xyzzy'], 'ja')).toEqual([]);
  });
});
