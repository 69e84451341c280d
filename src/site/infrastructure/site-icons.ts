import { Injectable, type OnModuleInit } from '@nestjs/common';
import sharp from '../../common/sharp.js';
import type { SiteIcons } from '../application/ports/site-icons.port.js';
import { FAVICON_SVG, iconSvg } from '../domain/site-icon.js';

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
export class SharpSiteIcons implements SiteIcons, OnModuleInit {
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
