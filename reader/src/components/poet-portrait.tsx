import type { PublicSiteSettings } from '../../../contracts/reader-page.js';

/** The poet's portrait (4:5), at the size the page gives it; nothing when the curators gave none. */
export function PoetPortrait({ settings, className }: { settings: PublicSiteSettings; className: string }) {
  if (!settings.portrait) return null;
  const { url, width, height } = settings.portrait;
  return <img className={className} src={url} width={width} height={height} alt={`Portrait of ${settings.poetName}`} />;
}

/**
 * The biography: HTML the server rendered from the curators' Markdown and sanitised
 * (src/settings/application/biography.ts), so it is set as it comes.
 */
export function Biography({ settings }: { settings: PublicSiteSettings }) {
  return <div className="memorial-text" dangerouslySetInnerHTML={{ __html: settings.biographyHtml }} />;
}
