import { ConfigError, type AppConfig } from '../../config/app-config.js';
import type { PublicSiteSettings } from '../../../contracts/reader-page.js';
import { biographyHtml } from './biography.js';
import { isIsoDate, portraitFileName, type Memorial } from '../domain/memorial.js';

/**
 * The JSON file named by SITE_SETTINGS_FILE (every field optional): the first start's memorial
 * settings (after that the curators edit them in the admin and the database holds them), and the
 * site's description and noindex, which stay the file's. The canonical origin (PUBLIC_URL) and the
 * web-vitals endpoint (WEB_VITALS_ENDPOINT) come from the environment through AppConfig.
 */
interface SiteSettingsFile {
  siteName?: string;
  description?: string;
  heroText?: string;
  poet?: { name?: string; birthDate?: string; deathDate?: string; title?: string };
  biography?: { career?: string[]; family?: string[] } | string;
  footerCredit?: string;
  noindex?: boolean;
}

/** What stays the file's (and the environment's) however the curators edit the memorial. */
export interface SiteFileExtras {
  description?: string;
  noindex: boolean;
}

export const SITE_SETTINGS = Symbol('SITE_SETTINGS');

export const DEFAULT_SITE_SETTINGS = {
  siteName: 'Poetry Archive',
  poetName: 'The Poet',
  poetTitle: 'Poet and Professor',
  career: ['A poet and professor whose published collections are gathered and preserved in this archive.'],
  family: ['Remembered with love by family, friends, colleagues and students.'],
  footerCredit: "This archive was developed by the poet's grandson and is maintained by the family.",
} as const;

function defaultLead(poetName: string): string {
  return `A digital library of the poetry of ${poetName}: published collections to read poem by poem, kept in loving memory.`;
}

function text(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ConfigError(`Site settings: ${field} must be a string`);
  return value.trim() || undefined;
}

function paragraphs(value: unknown, field: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() ? [value.trim()] : [];
  if (!Array.isArray(value) || value.some((p) => typeof p !== 'string')) {
    throw new ConfigError(`Site settings: ${field} must be a list of paragraphs (strings)`);
  }
  return (value as string[]).map((p) => p.trim()).filter(Boolean);
}

function isoDate(value: unknown, field: string): string | null {
  const raw = text(value, field);
  if (raw === undefined) return null;
  if (!isIsoDate(raw)) throw new ConfigError(`Site settings: ${field} must be an ISO date (YYYY-MM-DD), got "${raw}"`);
  return raw;
}

/** The biography of the file: Markdown as it is, or the older lists of paragraphs (career, then family). */
function biographyOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    throw new ConfigError('Site settings: biography must be Markdown text or an object of career and family paragraphs');
  }
  const bio = (value ?? {}) as Record<string, unknown>;
  const career = paragraphs(bio.career, 'biography.career') ?? [...DEFAULT_SITE_SETTINGS.career];
  const family = paragraphs(bio.family, 'biography.family') ?? [...DEFAULT_SITE_SETTINGS.family];
  return [...career, ...family].join('\n\n');
}

/** Validates a parsed settings file: the first start's memorial, and the extras that stay the file's. */
export function memorialFromFile(raw: unknown): { memorial: Memorial; extras: SiteFileExtras } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new ConfigError('Site settings: the file must hold a JSON object');
  // The documented fields, each still unchecked: every one is validated below.
  const file = raw as { [K in keyof SiteSettingsFile]?: unknown };
  const poet = (file.poet ?? {}) as Record<string, unknown>;
  if (typeof poet !== 'object') throw new ConfigError('Site settings: poet must be an object');
  if (file.noindex !== undefined && typeof file.noindex !== 'boolean')
    throw new ConfigError('Site settings: noindex must be true or false');

  const poetName = text(poet.name, 'poet.name') ?? DEFAULT_SITE_SETTINGS.poetName;
  const birthDate = isoDate(poet.birthDate, 'poet.birthDate');
  const deathDate = isoDate(poet.deathDate, 'poet.deathDate');
  if (birthDate && deathDate && birthDate > deathDate) throw new ConfigError('Site settings: poet.birthDate is after poet.deathDate');
  const description = text(file.description, 'description');
  const memorial: Memorial = {
    siteName: text(file.siteName, 'siteName') ?? DEFAULT_SITE_SETTINGS.siteName,
    poetName,
    birthDate,
    deathDate,
    poetTitle: text(poet.title, 'poet.title') ?? DEFAULT_SITE_SETTINGS.poetTitle,
    biography: biographyOf(file.biography),
    heroText: text(file.heroText, 'heroText') ?? description ?? defaultLead(poetName),
    footerCredit: text(file.footerCredit, 'footerCredit') ?? DEFAULT_SITE_SETTINGS.footerCredit,
    portrait: null,
    updatedAt: null,
  };
  return { memorial, extras: { description, noindex: file.noindex ?? false } };
}

/** Where visitors are sent for the portrait: its file name changes with the photo. */
export function portraitUrl(memorial: Pick<Memorial, 'portrait'>): string | null {
  return memorial.portrait ? `/api/settings/portrait/${portraitFileName(memorial.portrait)}` : null;
}

/** The settings every page is rendered with: the memorial as it is now, the file's extras and the environment's. */
export function publicSiteSettings(
  memorial: Memorial,
  extras: SiteFileExtras,
  config: Pick<AppConfig, 'publicUrl' | 'webVitalsEndpoint'>,
): PublicSiteSettings {
  const url = portraitUrl(memorial);
  return {
    siteName: memorial.siteName,
    poetName: memorial.poetName,
    birthDate: memorial.birthDate ?? undefined,
    deathDate: memorial.deathDate ?? undefined,
    poetTitle: memorial.poetTitle,
    biographyHtml: biographyHtml(memorial.biography),
    heroText: memorial.heroText,
    ...(url && memorial.portrait ? { portrait: { url, width: memorial.portrait.width, height: memorial.portrait.height } } : {}),
    footerCredit: memorial.footerCredit,
    description: extras.description ?? defaultLead(memorial.poetName),
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
    webVitalsEndpoint: config.webVitalsEndpoint,
    noindex: extras.noindex,
  };
}

/** Validates a parsed settings file and fills in defaults, as the pages would show it. */
export function siteSettingsFrom(raw: unknown, config: Pick<AppConfig, 'publicUrl' | 'webVitalsEndpoint'>): PublicSiteSettings {
  const { memorial, extras } = memorialFromFile(raw);
  return publicSiteSettings(memorial, extras, config);
}
