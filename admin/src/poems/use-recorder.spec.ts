import { describe, expect, it } from 'vitest';
import { recorderProblem, recordingFileName, recordingType, soundLevel } from './use-recorder.js';

describe('recording a reading in the browser', () => {
  it('records in WebM Opus where the browser can, else Ogg Opus, else what the browser chooses', () => {
    expect(recordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(recordingType((t) => t.startsWith('audio/ogg'))).toBe('audio/ogg;codecs=opus');
    expect(recordingType(() => false)).toBeUndefined();
  });

  it('names the file by what was recorded', () => {
    expect(recordingFileName('audio/webm;codecs=opus')).toBe('reading.webm');
    expect(recordingFileName('audio/ogg; codecs=opus')).toBe('reading.ogg');
    expect(recordingFileName('audio/mp4')).toBe('reading.m4a');
    expect(recordingFileName('')).toBe('reading.webm');
  });

  it("says why the microphone could not be had, by the browser's error", () => {
    expect(recorderProblem(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(recorderProblem(new DOMException('no', 'SecurityError'))).toBe('denied');
    expect(recorderProblem(new DOMException('none', 'NotFoundError'))).toBe('no_microphone');
    expect(recorderProblem(new DOMException('busy', 'NotReadableError'))).toBe('no_microphone');
    expect(recorderProblem(new Error('odd'))).toBe('failed');
    expect(recorderProblem(null)).toBe('failed');
  });

  it("meters the sound's loudness over 60 dB: silence nothing, full scale all", () => {
    expect(soundLevel(new Float32Array(512))).toBe(0);
    expect(soundLevel(new Float32Array(512).fill(1))).toBe(1);
    // A tenth of full scale is 20 dB down: two thirds of the meter.
    expect(soundLevel(new Float32Array(512).fill(0.1))).toBeCloseTo(2 / 3, 5);
    expect(soundLevel(new Float32Array(0))).toBe(0);
  });
});
