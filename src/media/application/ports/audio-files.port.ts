import type { AudioJudgement } from '../../domain/file-type.js';

/** Reads a recording on this machine's disk (an upload spooled there) for its type and length, by its bytes. */
export interface AudioFiles {
  judge(path: string): Promise<AudioJudgement>;
}

export const AUDIO_FILES = Symbol('AUDIO_FILES');
