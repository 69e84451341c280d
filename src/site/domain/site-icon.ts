/** The archive's mark: an open book on the primary blue. Shapes only, so it renders anywhere without fonts. */
export function iconSvg(radius: number): string {
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
