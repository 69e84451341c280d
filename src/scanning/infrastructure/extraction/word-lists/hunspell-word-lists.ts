import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { WordLists } from '../../../application/ports/word-lists.port.js';

const entry = new URL(`./hunspell.worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

/** A thread idle this long ends, and its checkers' memory with it; the next book builds them again. */
const IDLE_MS = 10 * 60_000;

/**
 * The word lists, looked up on a thread of their own: building a language's checker takes seconds
 * (hunspell-checkers.ts), which would stop the process that scans (the API itself in the embedded
 * setup) from answering, and the image thread from finding pages.
 */
export class HunspellWordLists implements WordLists {
  private pool?: Piscina;

  async unknownWords(words: string[], language: string): Promise<Set<string>> {
    if (words.length === 0) return new Set();
    this.pool ??= new Piscina({ filename: entry, minThreads: 0, maxThreads: 1, idleTimeout: IDLE_MS });
    return new Set((await this.pool.run({ words, language })) as string[]);
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
