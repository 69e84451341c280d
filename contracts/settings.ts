/**
 * The memorial settings as the admin edits them: GET/PUT /api/settings/memorial/ and its portrait.
 * Shared by the server (src/settings) and the admin's settings screen.
 */

/** The poet, the biography and how the site names itself, as the curators set them. */
export interface MemorialSettings {
  /** Always "memorial": a singleton, so react-admin's Edit has an id to ask for. */
  id: 'memorial';
  site_name: string;
  poet_name: string;
  /** ISO dates (YYYY-MM-DD), or null when unknown. */
  birth_date: string | null;
  death_date: string | null;
  /** The line under the poet's name, e.g. "Poet and Professor of Literature". */
  poet_title: string;
  /** Markdown: paragraphs, links, emphasis and lists; no HTML. */
  biography: string;
  /** The line under the home page's heading. */
  hero_text: string;
  footer_credit: string;
  /** The portrait as visitors see it (an address that changes with the photo), or null. */
  portrait_url: string | null;
  updated_at: string;
}

export type UpdateMemorialRequest = Omit<MemorialSettings, 'id' | 'portrait_url' | 'updated_at'>;

export const MEMORIAL_LIMITS = {
  site_name: 120,
  poet_name: 200,
  poet_title: 200,
  biography: 20_000,
  hero_text: 500,
  footer_credit: 500,
} as const;

/** The portrait's shape and stored size: 4:5, the shape the admin's crop and the pages show. */
export const PORTRAIT_SIZE = { width: 640, height: 800 } as const;
export const PORTRAIT_ASPECT = PORTRAIT_SIZE.width / PORTRAIT_SIZE.height;

/** The part of the uploaded photo to keep, in its pixels (after its EXIF orientation), as the admin's crop gives it. */
export interface PortraitCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}
