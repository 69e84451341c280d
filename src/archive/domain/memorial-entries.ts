/**
 * The memorial settings in a backup: their one row as JSON, then the portrait photo, after the
 * page photos. Both are optional: a backup made before the memorial was kept in the database has
 * neither, and restores as it always did. Kept apart from archive-format.ts so the format's own
 * tables and version move without them.
 */
export const MEMORIAL_ENTRY = 'memorial/settings.json';
const PORTRAIT_PREFIX = 'memorial/';

/** The columns of memorial_settings a backup holds, in the order they are written (the editor, a user id, is not kept). */
export const MEMORIAL_COLUMNS = [
  'site_name',
  'poet_name',
  'birth_date',
  'death_date',
  'poet_title',
  'biography',
  'hero_text',
  'footer_credit',
  'portrait_key',
  'portrait_width',
  'portrait_height',
  'updated_at',
] as const;

/** The page-store key the archive gives a portrait: its checksum in its name. */
export const PORTRAIT_KEY = /^site\/portrait-[0-9a-f]{20}\.jpg$/;

export const portraitEntryName = (key: string) => `${PORTRAIT_PREFIX}${key}`;

/** The portrait key an entry holds, or undefined when it is not a portrait entry. */
export function portraitKeyOfEntry(name: string): string | undefined {
  return name !== MEMORIAL_ENTRY && name.startsWith(PORTRAIT_PREFIX) ? name.slice(PORTRAIT_PREFIX.length) : undefined;
}
