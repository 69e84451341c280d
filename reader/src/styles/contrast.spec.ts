import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * WCAG AA for the reader's colours in both themes, measured from reader.css itself: every pair of
 * text and the backgrounds it is shown on reaches 4.5:1 (the WCAG 2 relative-luminance formula).
 */
const css = readFileSync(new URL('./reader.css', import.meta.url), 'utf8');
const root = /:root \{([\s\S]*?)\n\}/.exec(css)![1]!;

/** The light or dark side of `light-dark(a, b)`: split at the comma outside parentheses. */
function side(value: string, theme: 0 | 1): string {
  const inner = /^light-dark\((.*)\)$/.exec(value.trim())?.[1];
  if (!inner) return value.trim();
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '(') depth++;
    else if (inner[i] === ')') depth--;
    else if (inner[i] === ',' && depth === 0) return (theme === 0 ? inner.slice(0, i) : inner.slice(i + 1)).trim();
  }
  throw new Error(`not a light-dark pair: ${value}`);
}

function colours(theme: 0 | 1): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of root.matchAll(/--([\w-]+):\s*([^;]+);/g)) out[m[1]!] = side(m[2]!, theme);
  return out;
}

function rgb(colour: string): [number, number, number] {
  const hex = /^#([\da-f]{6})$/i.exec(colour);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as [number, number, number];
  const fn = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour);
  if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3])];
  throw new Error(`not a colour: ${colour}`);
}

function luminance(colour: string): number {
  const [r, g, b] = rgb(colour).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// Text colour -> the backgrounds it appears on.
const PAIRS: [string, string[]][] = [
  ['text', ['page', 'surface', 'primary-soft']],
  ['muted', ['page', 'surface']],
  ['link', ['page', 'surface', 'primary-soft']],
  ['link-hover', ['page', 'surface']],
  ['danger', ['surface']],
  ['on-primary', ['primary', 'primary-hover']],
  ['disabled-text', ['disabled-bg']],
  ['text', ['code-bg', 'bar-bg', 'mark']],
  ['muted', ['bar-bg']],
];

describe('reader colours', () => {
  for (const [theme, name] of [
    [0, 'light'],
    [1, 'dark'],
  ] as const) {
    it(`meet WCAG AA (4.5:1) in the ${name} theme`, () => {
      const c = colours(theme);
      const low = PAIRS.flatMap(([fg, bgs]) => bgs.map((bg) => ({ fg, bg, ratio: +contrast(c[fg]!, c[bg]!).toFixed(2) }))).filter(
        (p) => p.ratio < 4.5,
      );
      expect(low).toEqual([]);
    });
  }
  it('reads both themes from the stylesheet', () => {
    expect(colours(0).page).toBe('#f9fafb');
    expect(colours(1).page).toBe('#111827');
    expect(contrast('#ffffff', '#000000')).toBe(21);
  });
});
