import { describe, expect, it } from 'vitest';
import { anyKept, closeForm, dropUnsaved, keepTyping, keptFor, unsavedKey } from './unsaved-text.js';

/** localStorage as a plain object. */
function storage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    clear: () => items.clear(),
  };
}

const poem = unsavedKey('poems', 12);

describe("a form's unsaved text", () => {
  it('is kept for after signing in when the session ends while the curator types, for that curator only', () => {
    const s = storage();
    keepTyping(s, poem, 'ann', { body: 'The first line\nThe second, not yet saved' });
    expect(keptFor(s, poem, 'ann')).toBeNull();
    expect(anyKept(s)).toBe(false);
    closeForm(s, poem, true);
    expect(anyKept(s)).toBe(true);
    expect(keptFor(s, poem, 'ann')).toEqual({ body: 'The first line\nThe second, not yet saved' });
    expect(keptFor(s, poem, 'bo')).toBeNull();
    expect(keptFor(s, unsavedKey('poems', 13), 'ann')).toBeNull();
    expect(keptFor(s, unsavedKey('publications', 12), 'ann')).toBeNull();
  });

  it('is dropped when the form is left by choice (saved, discarded, cancelled)', () => {
    const s = storage();
    keepTyping(s, poem, 'ann', { title: 'Draft title' });
    closeForm(s, poem, false);
    expect(s.length).toBe(0);
    keepTyping(s, poem, 'ann', { title: 'Draft title' });
    closeForm(s, poem, true);
    dropUnsaved(s, poem);
    expect(anyKept(s)).toBe(false);
  });

  it('survives a damaged entry as nothing kept', () => {
    const s = storage();
    s.setItem('archive.unsaved:poems:12', '{not json');
    expect(keptFor(s, poem, 'ann')).toBeNull();
    expect(anyKept(s)).toBe(false);
    s.setItem('archive.unsaved:poems:12', 'null');
    expect(keptFor(s, poem, 'ann')).toBeNull();
  });
});
