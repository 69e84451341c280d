import type { TransactionStatements } from '../../../catalog/index.js';
import type { Recording, RecordingDetails } from '../../domain/recording.js';

/** Called inside each write's transaction: the read cache hears of the change when it commits. */
export type OnWrite = (transaction: TransactionStatements) => Promise<void>;

export type NewRecording = Omit<Recording, 'id' | 'position' | 'lineMarks' | 'createdAt'>;

/** The recordings' rows. */
export interface RecordingsRepository {
  /** A poem's recordings in their order. */
  ofPoem(poemId: number): Promise<Recording[]>;
  /** The recordings of these poems, each poem's in their order. */
  ofPoems(poemIds: readonly number[]): Promise<Recording[]>;
  get(id: number): Promise<Recording | undefined>;
  /** Adds a recording after the poem's last one. */
  add(recording: NewRecording, onWrite: OnWrite): Promise<Recording>;
  update(id: number, details: RecordingDetails, lineMarks: number[], onWrite: OnWrite): Promise<Recording>;
  /** Removes one, closing the gap in its poem's order; answers its row, or undefined when it was not there. */
  remove(id: number, onWrite: OnWrite): Promise<Recording | undefined>;
  /** Sets the poem's order to the ids given (each of its recordings once). */
  reorder(poemId: number, ids: number[], onWrite: OnWrite): Promise<void>;
}

export const RECORDINGS_REPOSITORY = Symbol('RECORDINGS_REPOSITORY');
