import { Injectable, type OnModuleInit } from '@nestjs/common';
import sharp from 'sharp';

/** The archive's mark: an open book on the primary blue. Shapes only, so it renders anywhere without fonts. */
function iconSvg(radius: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="${radius}" fill="#2563eb"/>
<path d="M31 19c-5-3.5-11.5-4.5-18-3.5v30c6.5-1 13 0 18 3.5z" fill="#ffffff"/>
<path d="M33 19c5-3.5 11.5-4.5 18-3.5v30c-6.5-1-13 0-18 3.5z" fill="#dbeafe"/>
<path d="M17 23h10M17 28h10M17 33h8M37 23h10M37 28h10M37 33h8" stroke="#93c5fd" stroke-width="1.6" stroke-linecap="round"/>
</svg>
`;
}

export const FAVICON_SVG = iconSvg(14);

/** Head tags naming the icons (served by SiteFilesController). */
export const SITE_ICON_TAGS = [
  '<link rel="icon" href="/favicon.ico" sizes="32x32">',
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
].join('\n');

/**
 * An .ico file holding one PNG image (allowed since Windows Vista and read by every browser).
 * Written by hand: it is a 22-byte header, and no maintained package does only this.
 */
export function icoFromPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, png]);
}

/** The favicon in every form browsers ask for, rendered once from the SVG at start. */
@Injectable()
export class SiteIcons implements OnModuleInit {
  readonly svg = Buffer.from(FAVICON_SVG);
  ico!: Buffer;
  /** 180x180, opaque and square: iOS rounds the corners itself. */
  appleTouch!: Buffer;

  async onModuleInit(): Promise<void> {
    const png32 = await sharp(this.svg, { density: 72 * (32 / 64) * 4 })
      .resize(32, 32)
      .png()
      .toBuffer();
    this.ico = icoFromPng(png32, 32);
    this.appleTouch = await sharp(Buffer.from(iconSvg(0)), { density: 72 * (180 / 64) * 2 })
      .resize(180, 180)
      .flatten({ background: '#2563eb' })
      .png()
      .toBuffer();
  }
}
