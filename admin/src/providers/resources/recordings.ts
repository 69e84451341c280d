import type { Identifier } from 'react-admin';
import type { RecordingDetailsRequest, RecordingResponse } from '../../../../contracts/recordings.js';
import { seg, type Api } from '../api.js';

/** What a curator gives beside a recording's file; an empty reader is the poet. */
export interface RecordingDetails {
  reader: string;
  recorded: string;
  source: string;
  notes: string;
}

/** Recordings of a poem read aloud: listed, added (multipart), described, reordered, removed. */
export interface RecordingMethods {
  getRecordings(poemId: Identifier): Promise<RecordingResponse[]>;
  addRecording(poemId: Identifier, file: File, details: RecordingDetails): Promise<RecordingResponse>;
  updateRecording(id: Identifier, details: RecordingDetailsRequest): Promise<RecordingResponse>;
  reorderRecordings(poemId: Identifier, recordingIds: number[]): Promise<RecordingResponse[]>;
  removeRecording(id: Identifier): Promise<void>;
}

export function recordingMethods({ get, send }: Api): RecordingMethods {
  return {
    getRecordings: (poemId) => get<RecordingResponse[]>(`/poems/${seg(poemId)}/recordings/`),
    addRecording(poemId, file, details) {
      // The fields first: the server reads them before it streams the file to the store.
      const form = new FormData();
      form.append('reader', details.reader);
      form.append('recorded', details.recorded);
      form.append('source', details.source);
      form.append('notes', details.notes);
      form.append('file', file);
      return send<RecordingResponse>('POST', `/poems/${seg(poemId)}/recordings/`, form);
    },
    updateRecording: (id, details) => send<RecordingResponse>('PUT', `/recordings/${seg(id)}/`, details),
    reorderRecordings: (poemId, recordingIds) =>
      send<RecordingResponse[]>('PUT', `/poems/${seg(poemId)}/recordings/order/`, { recording_ids: recordingIds }),
    removeRecording: (id) => send<void>('DELETE', `/recordings/${seg(id)}/`),
  };
}
