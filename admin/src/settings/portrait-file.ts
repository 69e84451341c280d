/** What the portrait takes: the photo formats the server's portrait cutter reads. */
export const PORTRAIT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const startsWith = (bytes: Uint8Array, at: number, ascii: string) => [...ascii].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

/**
 * The photo format a file's first bytes say it is (its name and type say only what it claims):
 * JPEG, PNG or WebP; 'pdf' for a PDF, named so the refusal can say so; else null.
 */
export function sniffPortrait(bytes: Uint8Array): (typeof PORTRAIT_TYPES)[number] | 'pdf' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && startsWith(bytes, 1, 'PNG\r\n\x1a\n')) return 'image/png';
  if (startsWith(bytes, 0, 'RIFF') && startsWith(bytes, 8, 'WEBP')) return 'image/webp';
  if (startsWith(bytes, 0, '%PDF-')) return 'pdf';
  return null;
}

/**
 * Why a chosen file cannot be a portrait (a translation key), or null when it is a photo the
 * browser can draw: its bytes are read and the image decoded here, before the crop opens, so a
 * text file named .jpg or a PDF is refused at once rather than cropped as a black box.
 * `decode` draws the image (createImageBitmap in the browser) and throws when it cannot.
 */
export async function portraitProblem(
  file: Blob,
  decode: (file: Blob) => Promise<unknown> = (f) => createImageBitmap(f),
): Promise<string | null> {
  const kind = sniffPortrait(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (kind === 'pdf') return 'archive.settings.portrait_pdf';
  if (kind === null) return 'archive.settings.portrait_not_image';
  try {
    const drawn = await decode(file);
    (drawn as { close?: () => void } | null)?.close?.();
  } catch {
    return 'archive.settings.portrait_unreadable';
  }
  return null;
}
