import { open } from 'node:fs/promises';
import { parseFile } from 'music-metadata';
import type { AudioFiles } from '../application/ports/audio-files.port.js';
import { detectAudioContainer, judgeAudio, type AudioJudgement, type AudioProbe } from '../domain/file-type.js';

/**
 * A recording judged by its bytes: its first bytes must name an audio container, then
 * music-metadata (a well-kept parser, streaming from the file) reads its codec and length, counting
 * MPEG frames when no header gives it. A file it cannot parse is no recording.
 */
export const musicMetadataAudioFiles: AudioFiles = {
  async judge(path: string): Promise<AudioJudgement> {
    const head = await firstBytes(path, 16);
    const container = detectAudioContainer(head);
    let probe: AudioProbe | undefined;
    if (container) {
      try {
        const { format } = await parseFile(path, { duration: true, skipCovers: true });
        probe = { container: format.container, codec: format.codec, durationSeconds: format.duration, channels: format.numberOfChannels };
      } catch {
        probe = undefined;
      }
    }
    return judgeAudio(container, probe);
  },
};

async function firstBytes(path: string, count: number): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(count);
    const { bytesRead } = await file.read(buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
