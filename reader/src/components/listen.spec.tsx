import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { RecordingResponse } from '../../../contracts/recordings.js';
import { poem } from '../lib/test-fixtures.js';
import { Listen } from './listen.js';

const recording = (over: Partial<RecordingResponse> = {}): RecordingResponse => ({
  id: 5,
  poem_id: 11,
  url: '/api/recordings/5/file',
  mime_type: 'audio/mpeg',
  duration_seconds: 65,
  byte_size: 1000,
  reader: null,
  recorded: '1987',
  source: 'Cassette',
  notes: '',
  position: 1,
  line_marks: [],
  ...over,
});

describe('Listen', () => {
  it('gives each recording a labelled player that loads nothing until asked, and a speed', () => {
    const html = renderToString(<Listen poem={poem()} recordings={[recording()]} poetName="Ana Poet" level={2} />);
    expect(html).toContain('<h2 id="listen-5-title" class="listen-title">Listen — read by Ana Poet, 1987</h2>');
    expect(html).toMatch(/<audio[^>]* controls="" preload="none" src="\/api\/recordings\/5\/file" aria-labelledby="listen-5-title"/);
    expect(html).toContain('1:05 · Cassette');
    for (const speed of ['0.75', '1', '1.25', '1.5']) expect(html).toContain(`<option value="${speed}"`);
  });

  it('serves a recording with line marks as it serves any other (without script, a plain player)', () => {
    const plain = renderToString(<Listen poem={poem()} recordings={[recording()]} poetName="Ana Poet" level={2} />);
    const marked = renderToString(
      <Listen poem={poem()} recordings={[recording({ line_marks: [0, 1.5] })]} poetName="Ana Poet" level={2} />,
    );
    expect(marked).toBe(plain);
  });

  it('shows nothing when the poem has no recording', () => {
    expect(renderToString(<Listen poem={poem()} recordings={[]} poetName="Ana Poet" level={3} />)).toBe('');
  });
});
