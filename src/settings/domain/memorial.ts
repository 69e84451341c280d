import { DomainError } from '../../common/domain/domain-error.js';

/** The poet's portrait as stored: its page-store key (which names its checksum) and its size. */
export interface Portrait {
  key: string;
  width: number;
  height: number;
}

/** Who the archive remembers and how the site names itself, as the curators set them. */
export interface Memorial {
  siteName: string;
  poetName: string;
  /** ISO dates (YYYY-MM-DD), or null when unknown. */
  birthDate: string | null;
  deathDate: string | null;
  poetTitle: string;
  /** Markdown. */
  biography: string;
  heroText: string;
  footerCredit: string;
  portrait: Portrait | null;
  /** When the curators last saved them; null for the first start's defaults, never saved. */
  updatedAt: Date | null;
}

export type MemorialText = Omit<Memorial, 'portrait' | 'updatedAt'>;

export type SettingsErrorCode =
  | 'SETTINGS.INVALID'
  | 'SETTINGS.UNSAFE_BIOGRAPHY'
  | 'SETTINGS.NO_PORTRAIT_FILE'
  | 'SETTINGS.PORTRAIT_TOO_LARGE'
  | 'SETTINGS.PORTRAIT_NOT_AN_IMAGE'
  | 'SETTINGS.PORTRAIT_TOO_MANY_PIXELS'
  | 'SETTINGS.PORTRAIT_UNREADABLE'
  | 'SETTINGS.BAD_CROP'
  | 'SETTINGS.PORTRAIT_NOT_FOUND';

export class SettingsError extends DomainError {
  constructor(code: SettingsErrorCode, message: string, details?: Record<string, unknown>) {
    super(code, message, details);
  }
}

/** Whether text is a real calendar day written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The life dates' rules: each a real day, the birth not after the death. Throws naming the field. */
export function checkLifeDates(birthDate: string | null, deathDate: string | null): void {
  for (const [field, value] of [
    ['birth_date', birthDate],
    ['death_date', deathDate],
  ] as const) {
    if (value !== null && !isIsoDate(value)) {
      throw new SettingsError('SETTINGS.INVALID', `${field} must be a date written YYYY-MM-DD, such as 1931-03-03`, { field });
    }
  }
  if (birthDate && deathDate && birthDate > deathDate) {
    throw new SettingsError('SETTINGS.INVALID', 'birth_date is after death_date', { field: 'birth_date' });
  }
}

/** The portrait's page-store key: its checksum in the name, so its address changes with the photo and can be cached for good. */
export function portraitKey(sha256: string): string {
  return `site/portrait-${sha256.slice(0, 20)}.jpg`;
}

/** The file name a portrait is served under (the last part of its key). */
export function portraitFileName(portrait: Portrait): string {
  return portrait.key.slice(portrait.key.lastIndexOf('/') + 1);
}
