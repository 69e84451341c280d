import { useCallback, useEffect, useRef, useState } from 'react';

/** Why the browser did not record, as the admin says it (archive.recorder.*). */
export type RecorderProblem = 'denied' | 'no_microphone' | 'unavailable' | 'failed';

export type RecorderState =
  | { phase: 'idle'; problem?: RecorderProblem }
  | { phase: 'asking' }
  | { phase: 'recording'; analyser: AnalyserNode; startedAt: number }
  | { phase: 'recorded'; file: File; url: string };

/**
 * What to record in, best first: WebM Opus (Chromium, Firefox and Safari 18.4 on), Ogg Opus, else
 * what the browser picks (Safari's MP4). The server judges what it gets by its bytes.
 */
const TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus'];

export function recordingType(isSupported: (type: string) => boolean): string | undefined {
  return TYPES.find(isSupported);
}

/** A name for the recorded file from its type (the server keeps its own, from the bytes). */
export function recordingFileName(type: string): string {
  const kind = /^audio\/(webm|ogg|mp4)/.exec(type)?.[1];
  return `reading.${kind === 'mp4' ? 'm4a' : (kind ?? 'webm')}`;
}

/** getUserMedia's refusal, by the DOMException's name. */
export function recorderProblem(error: unknown): RecorderProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'no_microphone';
  return 'failed';
}

/** The sound's level from 0 to 1 for a meter: its loudness (RMS) over the 60 dB below full scale. */
export function soundLevel(samples: Float32Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  const rms = Math.sqrt(sum / Math.max(1, samples.length));
  const db = 20 * Math.log10(rms || 1e-9);
  return Math.min(1, Math.max(0, (db + 60) / 60));
}

interface Live {
  recorder: MediaRecorder;
  stream: MediaStream;
  context: AudioContext;
}

/**
 * A reading recorded with the browser's MediaRecorder: the microphone is asked for only when
 * recording starts, an AnalyserNode feeds the level meter, and the recording is one file at Stop
 * (recorded without time slices, so that its header carries its length). Leaving the component
 * releases the microphone and the recording's memory.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const live = useRef<Live | null>(null);
  const url = useRef<string | null>(null);
  const mounted = useRef(true);

  /** Ends the recording and lets go of the microphone; the file is made only when `keep`. */
  const release = useCallback((keep: boolean) => {
    const current = live.current;
    live.current = null;
    if (!current) return;
    if (!keep) current.recorder.onstop = null;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    for (const track of current.stream.getTracks()) track.stop();
    void current.context.close();
  }, []);
  const forget = useCallback(() => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      release(false);
      forget();
    };
  }, [release, forget]);

  const start = useCallback(async () => {
    // Browsers offer the microphone to secure pages only (https, or this computer itself).
    if (!window.isSecureContext || !navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setState({ phase: 'idle', problem: 'unavailable' });
      return;
    }
    setState({ phase: 'asking' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      if (mounted.current) setState({ phase: 'idle', problem: recorderProblem(error) });
      return;
    }
    if (!mounted.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    try {
      const type = recordingType((t) => MediaRecorder.isTypeSupported(t));
      const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      const context = new AudioContext();
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      context.createMediaStreamSource(stream).connect(analyser);
      const chunks: Blob[] = [];
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        if (!mounted.current) return;
        const file = new File(chunks, recordingFileName(recorder.mimeType), { type: recorder.mimeType });
        forget();
        url.current = URL.createObjectURL(file);
        setState({ phase: 'recorded', file, url: url.current });
      };
      recorder.onerror = () => {
        release(false);
        if (mounted.current) setState({ phase: 'idle', problem: 'failed' });
      };
      live.current = { recorder, stream, context };
      recorder.start();
      setState({ phase: 'recording', analyser, startedAt: performance.now() });
    } catch {
      release(false);
      for (const track of stream.getTracks()) track.stop();
      setState({ phase: 'idle', problem: 'failed' });
    }
  }, [release, forget]);

  /** Ends the recording; the file comes with the recorder's last data (state 'recorded'). */
  const stop = useCallback(() => release(true), [release]);

  const discard = useCallback(() => {
    release(false);
    forget();
    setState({ phase: 'idle' });
  }, [release, forget]);

  return { state, start, stop, discard };
}
