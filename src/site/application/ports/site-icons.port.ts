/** The favicon in every form browsers ask for (head tags: SITE_ICON_TAGS). */
export interface SiteIcons {
  readonly svg: Buffer;
  readonly ico: Buffer;
  /** 180x180, opaque and square: iOS rounds the corners itself. */
  readonly appleTouch: Buffer;
}

export const SITE_ICONS = Symbol('SITE_ICONS');
