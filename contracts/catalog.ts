/**
 * The catalog's part of the API (SPEC sections 3 and 7): what /api/publications and /api/poems
 * answer and accept. The server's DTOs and mappers, the admin and the reader all use these types.
 */

export type PublicationStatus = 'draft' | 'published';

/** A publication as the API answers it; counts are always derived from its poems. */
export interface Publication {
  id: number;
  _id: number;
  slug: string;
  title: string;
  status: PublicationStatus;
  authors: string[];
  publisher: string;
  /** Free text: a year, month and year, or a full date. */
  publication_date: string;
  isbn: string;
  notes: string;
  /** The BCP 47 tag of the language it is written in (`en` unless chosen). */
  language: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  published_at: string | null;
  poem_count: number;
  total_lines: number;
  total_words: number;
  /** Its poems proofread, Checked ones included ("48 of 120 proofread"), and of those the checked ones. */
  proofread_count: number;
  checked_count: number;
  /** Its latest version in the history (0 before its first recorded save); a save sends it back as base_revision. */
  revision: number;
}

/** Editable metadata of a publication: the body of POST /publications/ (PUT takes any subset). */
export interface PublicationFields {
  title: string;
  authors: string[];
  publisher: string;
  publication_date: string;
  isbn: string;
  notes: string;
  /** A BCP 47 tag (`de`, `pt-BR`); stored in its canonical spelling, `en` when left out on creation. */
  language?: string;
}

export type CreatePublicationRequest = Pick<PublicationFields, 'title'> & Partial<Omit<PublicationFields, 'title'>>;
export type UpdatePublicationRequest = Partial<PublicationFields> & BasedOnRevision;

/**
 * The version an edit was made on. A save on top of a newer version still saves (nothing is lost:
 * both versions are in the history) and its answer says which version it overwrote.
 */
export interface BasedOnRevision {
  base_revision?: number;
}

/** Added to the answer of a save whose base_revision was older than the version it replaced. */
export interface OverwroteNewer {
  overwrote?: { revision: number; username: string | null; created_at: string };
}

/** The API's limits on publication fields; the admin's form checks the same numbers. */
export const PUBLICATION_LIMITS = {
  title: 500,
  authors: 50,
  author: 300,
  publisher: 500,
  publication_date: 100,
  isbn: 40,
  notes: 20_000,
} as const;

/** Admin list filters: `status` on GET /publications/?admin=true (trash has its own endpoint). */
export type PublicationListStatus = 'draft' | 'published' | 'trash';

/** Fields the admin lists sort by (`sort=["title","ASC"]`). */
export const PUBLICATION_SORT_FIELDS = ['title', 'created_at', 'updated_at', 'published_at', 'deleted_at', 'poem_count'] as const;
export type PublicationSortField = (typeof PUBLICATION_SORT_FIELDS)[number];
/** Longest text search (`q`, over title and authors). */
export const SEARCH_MAX_LENGTH = 200;

/** GET /publications/trash/: one page of the trash. */
export interface TrashPage {
  count: number;
  results: Publication[];
}
export const TRASH_DEFAULT_PAGE = 1;
export const TRASH_DEFAULT_PAGE_SIZE = 20;
export const TRASH_MAX_PAGE_SIZE = 100;

/** publish, save_draft and toggle_publish. */
export interface PublishAnswer {
  publication: Publication;
  status: PublicationStatus;
}

/** DELETE /publications/{id}/ (to trash) and POST /publications/{id}/restore/. */
export interface PublicationMoveAnswer {
  message: string;
  publication: Publication;
}

/** DELETE /publications/{id}/permanent_delete/. */
export interface PermanentDeleteAnswer {
  message: string;
  id: number;
  deleted_poems: number;
}

/** A poem as the API answers it. */
export interface Poem {
  id: number;
  slug: string;
  title: string;
  /** Lines as printed: an empty line is a stanza break, leading spaces are indentation. */
  body: string;
  notes: string;
  line_count: number;
  word_count: number;
  created_at: string;
  updated_at: string;
  publication_id: number;
  page_numbers: number[];
  /** Order inside the publication (1 = first); the reader follows it. */
  position: number;
  /** BCP 47 tag of a poem in another language than its book's; null: the book's (the publication's `language`). */
  language: string | null;
  /** Its latest version in the history (0 before its first recorded save); a save sends it back as base_revision. */
  revision: number;
  /** Its proofreading, in staff answers only (the admin's; a visitor's answer leaves these out). */
  status?: PoemStatus;
  /** The curator who proofread it (by name); null while As scanned or when not known. */
  proofread_by?: string | null;
  proofread_at?: string | null;
}

/**
 * How far a poem's text has been read against its page: As scanned, Proofread by a curator, then
 * Checked by a second curator (never the one who proofread it). An edit of a Checked poem's title
 * or text returns it to Proofread, proofread by the editor.
 */
export const POEM_STATUSES = ['as_scanned', 'proofread', 'checked'] as const;
export type PoemStatus = (typeof POEM_STATUSES)[number];

/**
 * PUT /poems/{id}/status/ (staff): answers the poem. Checked by its proofreader: 403
 * CATALOG.OWN_PROOFREADING; Checked before Proofread: 409 CATALOG.POEM_NOT_PROOFREAD; another
 * value: 400. Nothing changes on a refusal. The change is a version in the poem's history
 * (actions `proofread`, `check`, `as_scanned`). GET /publications/{id}/poems/?admin=true&status=…
 * lists only the poems with that status.
 */
export interface PoemStatusRequest {
  status: PoemStatus;
}

/** PUT /poems/{id}/. */
export interface UpdatePoemRequest extends BasedOnRevision {
  title?: string;
  body?: string;
  notes?: string;
  /** A BCP 47 tag (stored canonical: `DE` → `de`); null or '' for the book's language. A malformed tag: 400. */
  language?: string | null;
}

/** POST /publications/{id}/poems/: a poem typed in by hand, added after the last one. */
export interface CreatePoemRequest {
  title: string;
  body: string;
  notes?: string;
  page_numbers?: number[];
  /** As in UpdatePoemRequest; left out: the book's language. */
  language?: string | null;
}

export const POEM_LIMITS = {
  title: 500,
  body: 200_000,
  notes: 20_000,
  page_numbers: 20,
  page_number: 100_000,
} as const;

/** POST /publications/{id}/reorder_poems/: every poem of the publication, in the new order. */
export interface ReorderPoemsRequest {
  poem_ids: number[];
}

/**
 * POST /publications/{id}/clear_poems/: without a body every poem goes; with `poem_ids` only
 * those (all of which must belong to the publication), e.g. the poems of one wizard session.
 * `job_ids` names that session's scans (the `job_id` of their answers): the page photos they
 * stored go too, so a later reprocess cannot read the discarded poems back in. A page photo that
 * shows only poems the publication keeps stays. Scans of another publication: 409, nothing removed.
 */
export interface ClearPoemsRequest {
  poem_ids?: number[];
  job_ids?: string[];
}
export interface ClearPoemsAnswer {
  deleted_poems: number;
}

/** Most ids one request may list (reorder, clear). */
export const MAX_POEM_IDS = 5000;
/** Most scan jobs one clear_poems may name. */
export const MAX_JOB_IDS = 500;

/** DELETE /poems/{id}/. */
export interface PoemDeleteAnswer {
  message: string;
  id: number;
  /** The version that records the deletion; the one before it brings the poem back. */
  revision: number;
}

/** GET /poems/{id}/pages/: the page photographs a poem was read from, in reading order. */
export interface PoemPage {
  id: number;
  page_index: number;
  page_number: number | null;
  mime_type: string;
  url: string;
  /** Degrees clockwise the photo is turned to stand upright; shown and read turned, stored as uploaded. */
  rotation: PageRotation;
}

/** The quarter turns a page photo may be given. */
export const PAGE_ROTATIONS = [0, 90, 180, 270] as const;
export type PageRotation = (typeof PAGE_ROTATIONS)[number];

/** PUT /scan_pages/{id}/rotation/: answers the page (PoemPage). */
export interface PageRotationRequest {
  rotation: PageRotation;
}

/** SPEC section 3: a list arrives as a plain array or as {results: [...]}; anything else is an empty list. */
export function asList<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  const results = (value as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
}

/** A rectangle on a page photo, in the photo's pixels as it stands upright (turned as shown). */
export interface PhotoBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Why a word is doubtful: the recogniser was unsure of it; the book language's word list lacks it;
 * it is in capitals in a line in lower case; it is a mark or figure alone among the words, or the
 * word such a mark stands apart from; a mark its language prints in pairs (¡…!, ¿…?) lacks its other half there;
 * it is a word its language never ends a clause with, where its accented twin does (Spanish "si" for "sí");
 * it and its neighbour, in capitals, are one word read as two.
 */
export type DoubtReason = 'low_confidence' | 'unknown_word' | 'capitals' | 'stray_mark' | 'unpaired_mark' | 'lost_accent' | 'split_word';

/** A doubtful word of a line: its character offsets in the line (end exclusive), the recogniser's confidence (0 to 1), and why. */
export interface ProofreadingDoubt {
  start: number;
  end: number;
  confidence: number;
  reasons: DoubtReason[];
}

/** A line of a poem (stanza breaks are not listed) with what its scan read of it. */
export interface ProofreadingLine {
  /** Its place among the body's lines, 0-based, stanza breaks counted (the body split at '\n'). */
  line: number;
  text: string;
  /** The printed page number of the page it was read from, or null. */
  page: number | null;
  /** The page photo it was read from (a PoemPage's id, GET /api/scan_pages/{id}/image), or null. */
  scan_page_id: number | null;
  /** Where it stands on that photo, or null (a line typed in, or read by an extractor that gives no places). */
  box: PhotoBox | null;
  doubts: ProofreadingDoubt[];
}

/** GET /api/poems/{id}/proofreading/ (staff): the poem's lines beside their pages, with their doubtful words. */
export interface PoemProofreading {
  poem_id: number;
  /** As scanned, Proofread or Checked (PUT /api/poems/{id}/status/ changes it). */
  status: PoemStatus;
  lines: ProofreadingLine[];
}

/**
 * GET /api/publications/{id}/proofreading_place/ (staff): the poem "Proofread this book" opens at
 * for the signed-in curator: where they stopped, else the first poem As scanned, else the first;
 * null for a book without poems. PUT it with ProofreadingPlaceRequest as they move on.
 */
export interface ProofreadingPlace {
  poem_id: number | null;
}

export interface ProofreadingPlaceRequest {
  /** A poem of this publication. */
  poem_id: number;
}

/** POST /api/poems/{id}/proofreading/looks_right/: a word's mark cleared, its text unchanged. Answers PoemProofreading. */
export interface LooksRightRequest {
  /** ProofreadingLine.line */
  line: number;
  start: number;
  end: number;
}
