import type { Recording, RecordingDetails } from '../../domain/recording.js';

export type NewRecording = Omit<Recording, 'id' | 'position' | 'lineMarks'>;

/** The recordings' rows. */
export interface RecordingsRepository {
  /** A poem's recordings in their order. */
  ofPoem(poemId: number): Promise<Recording[]>;
  get(id: number): Promise<Recording | undefined>;
  /** Adds a recording after the poem's last one. */
  add(recording: NewRecording): Promise<Recording>;
  update(id: number, details: RecordingDetails, lineMarks: number[]): Promise<Recording>;
  /** Removes one, closing the gap in its poem's order; answers its row, or undefined when it was not there. */
  remove(id: number): Promise<Recording | undefined>;
  /** Sets the poem's order to the ids given (each of its recordings once). */
  reorder(poemId: number, ids: number[]): Promise<void>;
}

export const RECORDINGS_REPOSITORY = Symbol('RECORDINGS_REPOSITORY');
