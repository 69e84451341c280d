import { describe, expect, it } from 'vitest';
import { escapeHtml, serializeForScript } from './escape.js';

describe('escapeHtml', () => {
  it('escapes every character that could open a tag or close an attribute', () => {
    expect(escapeHtml(`<img src=x onerror="alert('x')">&`)).toBe('&lt;img src=x onerror=&quot;alert(&#39;x&#39;)&quot;&gt;&amp;');
  });
  it('leaves ordinary text alone', () => {
    expect(escapeHtml('Leaves of Grass — 1855')).toBe('Leaves of Grass — 1855');
  });
});

describe('serializeForScript', () => {
  it('cannot be closed early by a hostile string', () => {
    const hostile = { title: '</script><script>alert(1)</script><!--', line: 'a\u2028b\u2029c & d' };
    const out = serializeForScript(hostile);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(hostile);
  });
});
