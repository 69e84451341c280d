import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, mayReload } from './chunk-reload.js';

function storage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
}

describe('the reload for a chunk gone after a deploy', () => {
  it('happens once, not again while the guard lasts, and again after it', () => {
    const s = storage();
    const t = 1_800_000_000_000;
    expect(mayReload(s, t)).toBe(true);
    expect(mayReload(s, t + 1)).toBe(false);
    expect(mayReload(s, t + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(mayReload(s, t + CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });

  it('does not happen without sessionStorage to guard it', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(mayReload(refusing, Date.now())).toBe(false);
  });
});
