/** The image types a page photo may be, as their own bytes say (never a name or a header). */
export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** Major brands of HEIF files whose pictures are HEVC-coded (iPhone photos are "heic"). */
const HEIF_BRANDS = /^(heic|heix|hevc|hevx|heim|heis|hevm|hevs|mif1|msf1)$/;

/** The bytes from start to end as Latin-1 text: how file signatures are written. */
export function ascii(data: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...data.subarray(start, Math.min(end, data.length)));
}

/** What a photo is by its magic bytes; undefined for anything that is not an accepted photo. */
export function detectImageType(data: Uint8Array): PhotoType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => data[i] === b)) return 'image/png';
  if (data.length >= 12 && ascii(data, 0, 4) === 'RIFF' && ascii(data, 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 12 && ascii(data, 4, 8) === 'ftyp' && HEIF_BRANDS.test(ascii(data, 8, 12))) return 'image/heic';
  return undefined;
}
