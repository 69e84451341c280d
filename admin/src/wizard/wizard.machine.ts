/**
 * The creation wizard of SPEC section 4 as a pure reducer: every transition is an event, so the
 * dialog only renders state and performs the side effects (HTTP, alerts) around dispatches.
 */
import type { Poem, Publication, PublicationFields } from '../../../contracts/catalog.js';
import { canonicalLanguage, DEFAULT_LANGUAGE } from '../../../contracts/language.js';
import type { DuplicateReport, MetadataAnswer, ScanResult } from '../../../contracts/scanning.js';
import type { ScanProgress } from '../providers/data-provider.js';

export type WizardStep = 1 | 2 | 3;
export type WizardMode = 'ai' | 'existing' | 'manual';
export type WizardBusy = null | 'loading' | 'extracting' | 'creating' | 'scanning' | 'clearing' | 'saving' | 'publishing' | 'deleting';

export interface ImageItem {
  id: string;
  file: File;
  preview: string;
}

export interface PreviewPoem {
  id: number;
  title: string;
  body: string;
  notes: string;
  page_numbers: number[];
  /** Edited in the preview and not yet saved to the server. */
  dirty: boolean;
}

export interface ScanStats {
  total: number;
  fresh: number;
  duplicates: number;
  /** Headings the pages showed with no verse under them, left out of the publication. */
  emptyDropped: number;
  /** Poems already in the publication that these pages ran on (the rest of a poem begun before). */
  continuedList: Array<{ id: number; title: string }>;
  duplicateList: DuplicateReport[];
}

export interface WizardState {
  step: WizardStep;
  mode: WizardMode;
  metadataImages: ImageItem[];
  pageImages: ImageItem[];
  form: PublicationFields;
  metadataExtracted: boolean;
  selectedExistingId: number | null;
  /** The publication the poems go into, once created or chosen. */
  publication: Publication | null;
  /** Supplied when the dialog was opened for an existing publication. */
  fixedPublicationId: number | null;
  poems: PreviewPoem[];
  currentPoem: number;
  /** Every poem this session's scans added and not deleted since: what Start Over removes. */
  sessionPoemIds: number[];
  /** The job of every scan of this session: Start Over discards the page photos they stored. */
  sessionJobIds: string[];
  /** Scans finished in this session; after one, Save Draft and Publish stay offered. */
  scansDone: number;
  scanStats: ScanStats | null;
  scanProgress: ScanProgress | null;
  busy: WizardBusy;
  error: string | null;
}

export type WizardEvent =
  | { type: 'OPENED'; publicationId?: number | null }
  | { type: 'PUBLICATION_LOADED'; publication: Publication }
  | { type: 'PUBLICATION_LOAD_FAILED'; error: string }
  | { type: 'MODE_SELECTED'; mode: WizardMode }
  | { type: 'METADATA_IMAGES_ADDED'; images: ImageItem[] }
  | { type: 'METADATA_IMAGE_REMOVED'; id: string }
  | { type: 'EXTRACT_STARTED' }
  | { type: 'EXTRACT_SUCCEEDED'; metadata: NonNullable<MetadataAnswer['metadata']> }
  | { type: 'EXTRACT_FAILED' }
  | { type: 'MANUAL_CHOSEN' }
  | { type: 'EXISTING_SELECTED'; id: number | null }
  | { type: 'EXISTING_CONTINUED'; publication: Publication }
  | { type: 'BACK' }
  | { type: 'FIELD_CHANGED'; field: Exclude<keyof PublicationFields, 'authors'>; value: string }
  | { type: 'AUTHOR_CHANGED'; index: number; value: string }
  | { type: 'AUTHOR_ADDED' }
  | { type: 'AUTHOR_REMOVED'; index: number }
  | { type: 'CREATE_STARTED' }
  | { type: 'PUBLICATION_CREATED'; publication: Publication }
  | { type: 'CREATE_FAILED'; error: string }
  | { type: 'PAGE_IMAGES_ADDED'; images: ImageItem[] }
  | { type: 'PAGE_IMAGE_REMOVED'; id: string }
  | { type: 'SCAN_STARTED' }
  | { type: 'SCAN_PROGRESS'; progress: ScanProgress }
  | { type: 'SCAN_SUCCEEDED'; result: ScanResult }
  | { type: 'SCAN_FAILED'; error: string }
  | { type: 'POEM_SELECTED'; index: number }
  | { type: 'NEXT_POEM' }
  | { type: 'PREVIOUS_POEM' }
  | { type: 'POEM_EDITED'; index: number; title?: string; body?: string }
  | { type: 'POEMS_SAVED' }
  | { type: 'POEM_DELETED'; index: number }
  | { type: 'SCAN_MORE' }
  | { type: 'START_OVER_DONE' }
  | { type: 'BUSY'; busy: WizardBusy }
  | { type: 'ACTION_FAILED'; error: string }
  | { type: 'FINISHED' }
  | { type: 'CLOSED' };

export const emptyForm = (): PublicationFields => ({
  title: '',
  authors: [''],
  publisher: '',
  publication_date: '',
  isbn: '',
  notes: '',
  language: DEFAULT_LANGUAGE,
});

export function initialWizardState(fixedPublicationId: number | null = null): WizardState {
  return {
    step: fixedPublicationId ? 3 : 1,
    mode: fixedPublicationId ? 'existing' : 'ai',
    metadataImages: [],
    pageImages: [],
    form: emptyForm(),
    metadataExtracted: false,
    selectedExistingId: fixedPublicationId,
    publication: null,
    fixedPublicationId,
    poems: [],
    currentPoem: 0,
    sessionPoemIds: [],
    sessionJobIds: [],
    scansDone: 0,
    scanStats: null,
    scanProgress: null,
    busy: fixedPublicationId ? 'loading' : null,
    error: null,
  };
}

function authorsOf(value: string[] | string | undefined): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s*(?:;|\band\b|&)\s*/) : [];
  const cleaned = list.map((a) => String(a).trim()).filter(Boolean);
  return cleaned.length ? cleaned : [''];
}

function toPreview(poem: Poem): PreviewPoem {
  return {
    id: poem.id,
    title: poem.title ?? '',
    body: poem.body ?? '',
    notes: poem.notes ?? '',
    page_numbers: Array.isArray(poem.page_numbers) ? poem.page_numbers : [],
    dirty: false,
  };
}

/**
 * True when closing would lose something the admin did in this dialog: chosen photos, a form not
 * yet sent, edits in the preview not yet saved, work under way. What the server already has (the
 * publication, the poems scanned into it) stays, so that alone asks nothing.
 */
export function hasUnsavedProgress(state: WizardState): boolean {
  const formTouched = JSON.stringify(state.form) !== JSON.stringify(emptyForm());
  return (
    state.metadataImages.length > 0 ||
    state.pageImages.length > 0 ||
    state.poems.some((p) => p.dirty) ||
    (state.step === 2 && formTouched) ||
    (state.busy !== null && state.busy !== 'loading')
  );
}

/** The confirm to show before closing (a translation key and its values), or null to close at once. */
export function closeConfirmation(state: WizardState): { key: string; args?: Record<string, string> } | null {
  if (!hasUnsavedProgress(state)) return null;
  const kept = state.step === 3 ? state.publication : null;
  if (!kept) return { key: 'archive.confirm.close_wizard' };
  return {
    key: kept.status === 'published' ? 'archive.confirm.close_keeps_publication' : 'archive.confirm.close_keeps_draft',
    args: { title: kept.title },
  };
}

export function inPreview(state: WizardState): boolean {
  return state.step === 3 && state.poems.length > 0;
}

/** Whether Start Over has anything to discard: poems this session scanned, or page photos its scans stored. */
export function canStartOver(state: WizardState): boolean {
  return state.sessionPoemIds.length > 0 || state.sessionJobIds.length > 0;
}

/** Step 3 after a scan in this session, preview or not: Save Draft and Publish end the flow. */
export function canFinish(state: WizardState): boolean {
  return state.step === 3 && state.publication !== null && state.scansDone > 0;
}

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'OPENED':
      return initialWizardState(event.publicationId ?? null);

    case 'PUBLICATION_LOADED':
      return { ...state, publication: event.publication, busy: null, error: null };

    case 'PUBLICATION_LOAD_FAILED':
      return { ...state, busy: null, error: event.error };

    case 'MODE_SELECTED':
      if (state.step !== 1) return state;
      return { ...state, mode: event.mode, error: null };

    case 'METADATA_IMAGES_ADDED':
      return { ...state, metadataImages: [...state.metadataImages, ...event.images], error: null };

    case 'METADATA_IMAGE_REMOVED':
      return { ...state, metadataImages: state.metadataImages.filter((i) => i.id !== event.id) };

    case 'EXTRACT_STARTED':
      return { ...state, busy: 'extracting', error: null };

    // Success or failure both lead to step 2: on failure the admin types the metadata in.
    case 'EXTRACT_SUCCEEDED': {
      const m = event.metadata ?? {};
      const form: typeof state.form = {
        title: m.title ?? '',
        authors: authorsOf(m.authors),
        publisher: m.publisher ?? '',
        publication_date: m.publication_date ?? '',
        isbn: m.isbn ?? '',
        notes: m.notes ?? '',
        language: canonicalLanguage(m.language) ?? state.form.language ?? DEFAULT_LANGUAGE,
      };
      const found = Boolean(form.title || form.publisher || form.publication_date || form.isbn || form.authors.some(Boolean));
      return { ...state, step: 2, busy: null, form, metadataExtracted: found };
    }

    case 'EXTRACT_FAILED':
      return { ...state, step: 2, busy: null, metadataExtracted: false };

    case 'MANUAL_CHOSEN':
      return { ...state, step: 2, mode: 'manual', metadataExtracted: false, error: null };

    case 'EXISTING_SELECTED':
      return { ...state, selectedExistingId: event.id, error: null };

    case 'EXISTING_CONTINUED':
      return { ...state, step: 3, mode: 'existing', publication: event.publication, selectedExistingId: event.publication.id, error: null };

    case 'BACK':
      if (state.step !== 2) return state;
      return { ...state, step: 1, error: null };

    case 'FIELD_CHANGED':
      return { ...state, form: { ...state.form, [event.field]: event.value } };

    case 'AUTHOR_CHANGED':
      return { ...state, form: { ...state.form, authors: state.form.authors.map((a, i) => (i === event.index ? event.value : a)) } };

    case 'AUTHOR_ADDED':
      return { ...state, form: { ...state.form, authors: [...state.form.authors, ''] } };

    case 'AUTHOR_REMOVED':
      // At least one author input always stays.
      if (state.form.authors.length <= 1) return state;
      return { ...state, form: { ...state.form, authors: state.form.authors.filter((_, i) => i !== event.index) } };

    case 'CREATE_STARTED':
      if (!state.form.title.trim()) return state;
      return { ...state, busy: 'creating', error: null };

    case 'PUBLICATION_CREATED':
      return { ...state, step: 3, busy: null, publication: event.publication, error: null };

    case 'CREATE_FAILED':
      return { ...state, busy: null, error: event.error };

    case 'PAGE_IMAGES_ADDED':
      return { ...state, pageImages: [...state.pageImages, ...event.images], error: null };

    case 'PAGE_IMAGE_REMOVED':
      return { ...state, pageImages: state.pageImages.filter((i) => i.id !== event.id) };

    case 'SCAN_STARTED':
      if (state.step !== 3 || state.poems.length > 0) return state;
      return {
        ...state,
        busy: 'scanning',
        scanProgress: { state: 'queued', pagesDone: 0, pagesTotal: state.pageImages.length },
        error: null,
      };

    case 'SCAN_PROGRESS':
      if (state.busy !== 'scanning') return state;
      return { ...state, scanProgress: event.progress };

    case 'SCAN_SUCCEEDED': {
      const poems = event.result.poems.map(toPreview);
      const stats: ScanStats = {
        total: event.result.total_scanned,
        fresh: event.result.extracted_poems,
        duplicates: event.result.duplicates_ignored,
        emptyDropped: event.result.empty_dropped,
        continuedList: event.result.continued,
        duplicateList: event.result.duplicates,
      };
      // Pages that gave only duplicates leave the admin in step 3 with the report and the images cleared.
      return {
        ...state,
        busy: null,
        scanProgress: null,
        poems,
        currentPoem: 0,
        scanStats: stats,
        pageImages: [],
        sessionPoemIds: [...state.sessionPoemIds, ...poems.map((p) => p.id)],
        // The same photos sent again are the same job: it is listed once.
        sessionJobIds:
          event.result.job_id && !state.sessionJobIds.includes(event.result.job_id)
            ? [...state.sessionJobIds, event.result.job_id]
            : state.sessionJobIds,
        scansDone: state.scansDone + 1,
      };
    }

    case 'SCAN_FAILED':
      return { ...state, busy: null, scanProgress: null, error: event.error };

    case 'POEM_SELECTED':
      if (event.index < 0 || event.index >= state.poems.length) return state;
      return { ...state, currentPoem: event.index };

    case 'NEXT_POEM':
      return { ...state, currentPoem: Math.min(state.currentPoem + 1, Math.max(state.poems.length - 1, 0)) };

    case 'PREVIOUS_POEM':
      return { ...state, currentPoem: Math.max(state.currentPoem - 1, 0) };

    case 'POEM_EDITED':
      return {
        ...state,
        poems: state.poems.map((p, i) =>
          i === event.index ? { ...p, title: event.title ?? p.title, body: event.body ?? p.body, dirty: true } : p,
        ),
      };

    case 'POEMS_SAVED':
      return { ...state, poems: state.poems.map((p) => ({ ...p, dirty: false })) };

    case 'POEM_DELETED': {
      const gone = state.poems[event.index]?.id;
      const poems = state.poems.filter((_, i) => i !== event.index);
      // Deleting the last poem returns to scanning.
      return {
        ...state,
        busy: null,
        poems,
        currentPoem: Math.min(state.currentPoem, Math.max(poems.length - 1, 0)),
        sessionPoemIds: state.sessionPoemIds.filter((id) => id !== gone),
      };
    }

    case 'SCAN_MORE':
      return { ...state, poems: [], currentPoem: 0, pageImages: [], scanStats: null, error: null };

    case 'START_OVER_DONE':
      return {
        ...state,
        busy: null,
        poems: [],
        currentPoem: 0,
        pageImages: [],
        scanStats: null,
        sessionPoemIds: [],
        sessionJobIds: [],
        scansDone: 0,
        error: null,
      };

    case 'BUSY':
      return { ...state, busy: event.busy };

    case 'ACTION_FAILED':
      return { ...state, busy: null, error: event.error };

    case 'FINISHED':
    case 'CLOSED': {
      // Closing resets everything but keeps the publication the dialog was opened for.
      const next = initialWizardState(state.fixedPublicationId);
      if (state.fixedPublicationId && state.publication?.id === state.fixedPublicationId) {
        return { ...next, publication: state.publication, busy: null };
      }
      return next;
    }
  }
}
