import { describe, expect, it } from 'vitest';
import { portraitProblem, sniffPortrait } from './portrait-file.js';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const PNG = bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]);
const WEBP = bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 ');
const PDF = bytes('%PDF-1.7\n');
const TEXT = bytes('Dear family, here is the photo');

describe('a portrait file', () => {
  it('is known by its first bytes, whatever its name says', () => {
    expect(sniffPortrait(JPEG)).toBe('image/jpeg');
    expect(sniffPortrait(PNG)).toBe('image/png');
    expect(sniffPortrait(WEBP)).toBe('image/webp');
    expect(sniffPortrait(PDF)).toBe('pdf');
    expect(sniffPortrait(TEXT)).toBeNull();
    expect(sniffPortrait(bytes('GIF89a'))).toBeNull();
    expect(sniffPortrait(new Uint8Array())).toBeNull();
  });

  it('is refused, saying why, when it is a text file named .jpg, a PDF, or a photo that cannot be drawn', async () => {
    const decodes = async () => ({});
    const fails = async () => {
      throw new Error('The source image could not be decoded.');
    };
    expect(await portraitProblem(new Blob([TEXT], { type: 'image/jpeg' }), decodes)).toBe('archive.settings.portrait_not_image');
    expect(await portraitProblem(new Blob([PDF]), decodes)).toBe('archive.settings.portrait_pdf');
    expect(await portraitProblem(new Blob([JPEG]), fails)).toBe('archive.settings.portrait_unreadable');
    expect(await portraitProblem(new Blob([PNG]), decodes)).toBeNull();
  });
});
