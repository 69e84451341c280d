import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real HEIC photo (HEVC-coded, as an iPhone takes them) made from an image with libheif's own
 * encoder, `heif-enc` (Debian package libheif-examples). Missing, it fails the test naming the
 * package: HEIC intake is never quietly left untested.
 */
export function toHeic(image: Buffer, quality = 70): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'heic-'));
  try {
    const input = join(dir, 'in.jpg');
    const output = join(dir, 'out.heic');
    writeFileSync(input, image);
    try {
      execFileSync('heif-enc', ['-q', String(quality), '-o', output, input], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(`Making a HEIC photo needs heif-enc (apt-get install libheif-examples): ${(error as Error).message}`, { cause: error });
    }
    return readFileSync(output);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
