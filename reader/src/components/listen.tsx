import { useEffect, useRef, useState } from 'react';
import type { Poem, RecordingResponse } from '../../../contracts/reader-page.js';
import { formatDuration, listenTitle } from '../../../contracts/recordings.js';
import './listen.css';
import { asList } from '../../../contracts/catalog.js';
import { getJson } from '../lib/api.js';

const SPEEDS = [0.75, 1, 1.25, 1.5] as const;

/**
 * Under a published poem: each of its recordings with the browser's own player (keyboard and
 * screen readers know it), which loads nothing until asked, and a playback speed.
 */
export function Listen(props: { poem: Poem; recordings: RecordingResponse[] | undefined; poetName: string; level: 2 | 3 }) {
  const recordings = useRecordings(props.poem, props.recordings);
  if (!recordings || recordings.length === 0) return null;
  return (
    <div className="listen">
      {recordings.map((r) => (
        <Recording key={r.id} recording={r} poetName={props.poetName} level={props.level} />
      ))}
    </div>
  );
}

function Recording({ recording, poetName, level }: { recording: RecordingResponse; poetName: string; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const audio = useRef<HTMLAudioElement>(null);
  const id = `listen-${recording.id}`;
  // A speed chosen on the served page before it was hydrated is read from it, not reset to 1.
  const [speed, setSpeed] = useState(() => Number(servedSelect(`${id}-speed`)?.value) || 1);
  useEffect(() => {
    // Both: loading the sound resets the rate to the default one.
    if (audio.current) audio.current.defaultPlaybackRate = audio.current.playbackRate = speed;
  }, [speed]);
  const marks = recording.line_marks;
  const details = [formatDuration(recording.duration_seconds), recording.source.trim()].filter(Boolean).join(' · ');
  return (
    <section className="listen-item" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} className="listen-title">
        {listenTitle(recording, poetName)}
      </Heading>
      <p className="listen-details">{details}</p>
      <div className="listen-controls">
        <audio
          ref={audio}
          controls
          preload="none"
          src={recording.url}
          aria-labelledby={`${id}-title`}
          // Read along (its code loads only now, outside the page's first load): the line being read shown, a line clicked heard.
          onPlay={marks.length ? () => void import('./read-along.js').then((m) => m.readAlong(audio.current!, marks)) : undefined}
        >
          <a href={recording.url}>Download the recording</a>
        </audio>
        <label className="listen-speed">
          Speed{' '}
          <select id={`${id}-speed`} value={String(speed)} onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {`${s}×`}
              </option>
            ))}
          </select>
        </label>
      </div>
      {recording.notes.trim() && <p className="listen-notes">{recording.notes}</p>}
    </section>
  );
}

/** The recordings given with the page, else fetched once the poem is on screen (a step inside the book). */
function useRecordings(poem: Poem, given: RecordingResponse[] | undefined): RecordingResponse[] | undefined {
  const [fetched, setFetched] = useState<{ id: number; recordings: RecordingResponse[] } | undefined>(undefined);
  useEffect(() => {
    if (given) return;
    let live = true;
    void loadRecordings(poem.slug || String(poem.id)).then((recordings) => live && setFetched({ id: poem.id, recordings }));
    return () => {
      live = false;
    };
  }, [poem.id, poem.slug, given]);
  return given ?? (fetched?.id === poem.id ? fetched.recordings : undefined);
}

/** A published poem's recordings; none when they cannot be had (the poem shows without them). Here, not in lib/api.ts, so the code stays in this part's own chunk. */
function loadRecordings(ref: string): Promise<RecordingResponse[]> {
  return getJson<unknown>(`/api/poems/${encodeURIComponent(ref)}/recordings/`)
    .then((v) => asList<RecordingResponse>(v))
    .catch(() => []);
}

/** A select as served, in the browser before hydration; none on the server. */
function servedSelect(id: string): HTMLSelectElement | null {
  return typeof document === 'undefined' ? null : (document.getElementById(id) as HTMLSelectElement | null);
}
