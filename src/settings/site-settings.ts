import { readFileSync } from 'node:fs';
import { ConfigError, type AppConfig } from '../config/app-config.js';
import type { PublicSiteSettings } from '../../contracts/reader-page.js';

/**
 * Who the archive remembers and how the site names itself. Read once at start from the JSON file
 * named by SITE_SETTINGS_FILE (every field optional); the canonical origin (PUBLIC_URL) and the
 * web-vitals endpoint (WEB_VITALS_ENDPOINT) come from the environment through AppConfig.
 */
interface SiteSettingsFile {
  siteName?: string;
  description?: string;
  poet?: { name?: string; birthDate?: string; deathDate?: string; title?: string };
  biography?: { career?: string[]; family?: string[] };
  footerCredit?: string;
  noindex?: boolean;
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

function isoDate(value: unknown, field: string): string | undefined {
  const raw = text(value, field);
  if (raw === undefined) return undefined;
  const date = new Date(`${raw}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== raw) {
    throw new ConfigError(`Site settings: ${field} must be an ISO date (YYYY-MM-DD), got "${raw}"`);
  }
  return raw;
}

/** Validates a parsed settings file and fills in defaults. */
export function siteSettingsFrom(raw: unknown, config: Pick<AppConfig, 'publicUrl' | 'webVitalsEndpoint'>): PublicSiteSettings {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError('Site settings: the file must hold a JSON object');
  // The documented fields, each still unchecked: every one is validated below.
  const file = raw as { [K in keyof SiteSettingsFile]?: unknown };
  const poet = (file.poet ?? {}) as Record<string, unknown>;
  if (typeof poet !== 'object') throw new ConfigError('Site settings: poet must be an object');
  const bio = (file.biography ?? {}) as Record<string, unknown>;
  if (typeof bio !== 'object') throw new ConfigError('Site settings: biography must be an object');
  if (file.noindex !== undefined && typeof file.noindex !== 'boolean') throw new ConfigError('Site settings: noindex must be true or false');

  const poetName = text(poet.name, 'poet.name') ?? DEFAULT_SITE_SETTINGS.poetName;
  const birthDate = isoDate(poet.birthDate, 'poet.birthDate');
  const deathDate = isoDate(poet.deathDate, 'poet.deathDate');
  if (birthDate && deathDate && birthDate > deathDate) throw new ConfigError('Site settings: poet.birthDate is after poet.deathDate');
  return {
    siteName: text(file.siteName, 'siteName') ?? DEFAULT_SITE_SETTINGS.siteName,
    poetName,
    birthDate,
    deathDate,
    poetTitle: text(poet.title, 'poet.title') ?? DEFAULT_SITE_SETTINGS.poetTitle,
    biography: {
      career: paragraphs(bio.career, 'biography.career') ?? [...DEFAULT_SITE_SETTINGS.career],
      family: paragraphs(bio.family, 'biography.family') ?? [...DEFAULT_SITE_SETTINGS.family],
    },
    footerCredit: text(file.footerCredit, 'footerCredit') ?? DEFAULT_SITE_SETTINGS.footerCredit,
    description:
      text(file.description, 'description') ??
      `A digital library of the poetry of ${poetName}: published collections to read poem by poem, kept in loving memory.`,
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
    webVitalsEndpoint: config.webVitalsEndpoint,
    noindex: file.noindex ?? false,
  };
}

/** Reads SITE_SETTINGS_FILE when set; a missing or malformed file stops the start with a clear message. */
export function loadSiteSettings(config: Pick<AppConfig, 'publicUrl' | 'webVitalsEndpoint' | 'siteSettingsFile'>): PublicSiteSettings {
  if (!config.siteSettingsFile) return siteSettingsFrom({}, config);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(config.siteSettingsFile, 'utf8'));
  } catch (err) {
    throw new ConfigError(`SITE_SETTINGS_FILE ${config.siteSettingsFile} could not be read as JSON: ${(err as Error).message}`);
  }
  return siteSettingsFrom(raw, config);
}
