import { describe, expect, it } from 'vitest';
import { closeUpStops, smallCapitals, type LayoutWord } from './layout-lines.js';
import type { OcrWord } from './ocr-page.js';

/** A word with one box per letter, each as high as given (capitals 46 px, small capitals 32). */
function boxed(text: string, heights: number[]): OcrWord {
  let x = 100;
  const symbols = [...text].map((c, i) => {
    const box = { x0: x, y0: 200 - heights[i], x1: x + 20, y1: 200 };
    x += 22;
    return { text: c, bbox: box };
  });
  return { text, bbox: { x0: 100, y0: 154, x1: x, y1: 200 }, confidence: 90, symbols };
}

describe('words in small capitals', () => {
  it('prints a word in capital and small capitals as the reader sees it', () => {
    expect(smallCapitals(boxed('ERIN', [46, 33, 32, 33]))).toBe('Erin');
    expect(smallCapitals(boxed('OH!', [46, 32, 46]))).toBe('Oh!');
    // A small capital K read as a lower-case k still belongs to the word.
    expect(smallCapitals(boxed('TAkE', [48, 33, 34, 32]))).toBe('Take');
    // One letter boxed a row high by the recogniser does not make the word capitals.
    expect(smallCapitals(boxed('SENANUS', [47, 49, 32, 32, 33, 33, 32]))).toBe('Senanus');
  });

  it('keeps words in full capitals, mixed case and single letters as read', () => {
    expect(smallCapitals(boxed('ERIN', [46, 47, 46, 46]))).toBe('ERIN');
    expect(smallCapitals(boxed('Erin', [46, 32, 20, 32]))).toBe('Erin');
    expect(smallCapitals(boxed('I', [46]))).toBe('I');
    expect(smallCapitals({ text: 'GOD', bbox: { x0: 0, y0: 0, x1: 60, y1: 46 }, confidence: 90 })).toBe('GOD');
  });
});

describe('stops set apart', () => {
  const word = (text: string, left: number, right: number): LayoutWord => ({
    text,
    raw: text,
    left,
    right,
    height: 40,
    confidence: 90,
    capitals: [],
    smalls: [],
  });

  it('closes up ; : ? ! printed after a space, as old books set them', () => {
    const words = closeUpStops([word('away', 100, 200), word(';', 212, 220), word('now', 240, 300), word('!', 310, 318)], 40);
    expect(words.map((w) => w.text)).toEqual(['away;', 'now!']);
    expect(words[0].right).toBe(220);
  });

  it('closes up an opening quotation mark printed before a space, leaving guillemets as French sets them', () => {
    const words = closeUpStops([word('“', 100, 110), word('Oh!', 118, 160), word('Father,', 180, 300)], 40);
    expect(words.map((w) => w.text)).toEqual(['“Oh!', 'Father,']);
    expect([words[0].left, words[0].right]).toEqual([100, 160]);
    expect(closeUpStops([word('«', 100, 110), word('Viens', 118, 200), word('»', 208, 218)], 40).map((w) => w.text)).toEqual([
      '«',
      'Viens',
      '»',
    ]);
    expect(closeUpStops([word('“', 100, 110), word('Oh!', 300, 340)], 40).map((w) => w.text)).toEqual(['“', 'Oh!']);
  });

  it('leaves a mark far from the word before, a dash and a stop opening a line alone', () => {
    expect(closeUpStops([word('L', 100, 140), word(':', 900, 910)], 40).map((w) => w.text)).toEqual(['L', ':']);
    expect(closeUpStops([word('stay,', 100, 200), word('—', 205, 240)], 40).map((w) => w.text)).toEqual(['stay,', '—']);
    expect(closeUpStops([word('¿', 100, 110), word('Sabe', 115, 200)], 40).map((w) => w.text)).toEqual(['¿', 'Sabe']);
  });
});
