/**
 * The word lists of the languages the archive reads: whether a word is one of a language's words.
 * A word missing from its book's language is one a curator should look at (it may be misread).
 */
export interface WordLists {
  /**
   * The words of `words` the language's list does not hold; empty when the archive has no list for
   * the language (then nothing is marked unknown).
   */
  unknownWords(words: string[], language: string): Promise<Set<string>>;
}

export const WORD_LISTS = Symbol('WORD_LISTS');
