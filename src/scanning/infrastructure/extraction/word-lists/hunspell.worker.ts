import { unknownWordsHere } from './hunspell-checkers.js';

/** The word-list thread's entry (hunspell-word-lists.ts): it keeps each language's checker once built. */
export default function wordListTask(task: { words: string[]; language: string }): Promise<string[]> {
  return unknownWordsHere(task.words, task.language);
}
