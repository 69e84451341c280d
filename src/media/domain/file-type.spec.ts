import { describe, expect, it } from 'vitest';
import { detectAudioContainer, detectImageType, isPdf, judgeAudio } from './file-type.js';

const bytes = (text: string, ...more: number[]) => Uint8Array.from([...Buffer.from(text, 'latin1'), ...more]);

describe('what a file is by its first bytes', () => {
  it('tells photos and PDFs apart from sound', () => {
    expect(detectImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(isPdf(bytes('%PDF-1.7'))).toBe(true);
    expect(detectAudioContainer(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBeUndefined();
    expect(detectAudioContainer(bytes('%PDF-1.7 and more'))).toBeUndefined();
    expect(detectAudioContainer(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBeUndefined();
  });

  it('names each audio container a recording may come in', () => {
    expect(detectAudioContainer(bytes('ID3\x04\0\0\0\0\0\0'))).toBe('id3');
    expect(detectAudioContainer(Uint8Array.from([0xff, 0xfb, 0x90, 0x00]))).toBe('mpeg');
    expect(detectAudioContainer(Uint8Array.from([0xff, 0xf1, 0x50, 0x80]))).toBe('adts');
    expect(detectAudioContainer(bytes('\0\0\0\x20ftypM4A \0\0\0\0'))).toBe('mp4');
    expect(detectAudioContainer(bytes('OggS\0\x02'))).toBe('ogg');
    expect(detectAudioContainer(bytes('fLaC\x80\0\0\x22'))).toBe('flac');
    expect(detectAudioContainer(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86]))).toBe('webm');
    expect(detectAudioContainer(bytes('RIFF\0\0\0\0WAVEfmt '))).toBe('wav');
    expect(detectAudioContainer(bytes('<html>'))).toBeUndefined();
  });
});

describe('whether a file is a recording the archive keeps', () => {
  it('keeps the codecs browsers play, with their served type and length', () => {
    const cases: Array<[Parameters<typeof judgeAudio>[0], string, string, string]> = [
      ['mpeg', 'MPEG', 'MPEG 1 Layer 3', 'audio/mpeg'],
      ['id3', 'MPEG', 'MPEG 1 Layer 3', 'audio/mpeg'],
      ['adts', 'ADTS/MPEG-4', 'AAC', 'audio/aac'],
      ['mp4', 'M4A/isom', 'MPEG-4/AAC', 'audio/mp4'],
      ['ogg', 'Ogg', 'Opus', 'audio/ogg'],
      ['ogg', 'Ogg', 'Vorbis I', 'audio/ogg'],
      // What Chromium's MediaRecorder makes, as music-metadata names it.
      ['webm', 'EBML/webm', 'OPUS', 'audio/webm'],
      ['flac', 'FLAC', 'FLAC', 'audio/flac'],
      ['wav', 'WAVE', 'PCM', 'audio/wav'],
    ];
    for (const [container, format, codec, type] of cases) {
      expect(judgeAudio(container, { container: format, codec, durationSeconds: 61.23456 })).toEqual({
        ok: true,
        mimeType: type,
        durationSeconds: 61.235,
      });
    }
  });

  it('refuses what is not sound, a codec it does not keep, and sound of no length, saying why', () => {
    expect(judgeAudio(undefined, undefined)).toMatchObject({ ok: false, reason: expect.stringMatching(/not a sound recording/) });
    expect(judgeAudio('mp4', undefined)).toMatchObject({ ok: false });
    expect(judgeAudio('mp4', { container: 'M4A/isom', codec: 'ALAC', durationSeconds: 3 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/M4A\/isom, ALAC, which the archive does not keep/),
    });
    expect(judgeAudio('mpeg', { container: 'MPEG', codec: 'MPEG 1 Layer 2', durationSeconds: 3 })).toMatchObject({ ok: false });
    // Matroska beyond WebM, or a codec browsers do not play in WebM.
    expect(judgeAudio('webm', { container: 'EBML/matroska', codec: 'OPUS', durationSeconds: 3 })).toMatchObject({ ok: false });
    expect(judgeAudio('webm', { container: 'EBML/webm', codec: 'AAC', durationSeconds: 3 })).toMatchObject({ ok: false });
    expect(judgeAudio('wav', { container: 'WAVE', codec: 'PCM', durationSeconds: 0 })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no sound to play/),
    });
  });
});
