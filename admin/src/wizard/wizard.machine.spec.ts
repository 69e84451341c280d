import { describe, expect, it } from 'vitest';
import type { Poem, Publication } from '../../../contracts/catalog.js';
import type { ScanResult } from '../../../contracts/scanning.js';
import {
  canFinish,
  canStartOver,
  closeConfirmation,
  hasUnsavedProgress,
  initialWizardState,
  inPreview,
  wizardReducer as reduce,
  type ImageItem,
  type WizardEvent,
  type WizardState,
} from './wizard.machine.js';

const publication = (id: number, extra: Partial<Publication> = {}): Publication => ({
  id,
  _id: id,
  slug: `p-${id}`,
  title: `Book ${id}`,
  status: 'draft',
  authors: [],
  publisher: '',
  publication_date: '',
  isbn: '',
  notes: '',
  language: 'en',
  created_at: '2024-01-01T00:00:00Z',
  updated_at: '2024-01-01T00:00:00Z',
  deleted_at: null,
  published_at: null,
  poem_count: 2,
  total_lines: 8,
  total_words: 40,
  proofread_count: 0,
  checked_count: 0,
  revision: 1,
  ...extra,
});
const poem = (id: number, title = `Poem ${id}`): Poem => ({
  id,
  slug: `poem-${id}`,
  title,
  body: `  first line\nsecond line`,
  notes: '',
  line_count: 2,
  word_count: 4,
  created_at: '',
  updated_at: '',
  publication_id: 1,
  page_numbers: [id + 10],
  position: id,
  language: null,
  revision: 0,
});
const image = (id: string): ImageItem => ({ id, file: new File(['x'], `${id}.jpg`, { type: 'image/jpeg' }), preview: `blob:${id}` });
const result = (poems: Poem[], duplicates = 0, jobId = 'scan-7-abc'): ScanResult => ({
  job_id: jobId,
  publication_id: 7,
  pages_total: 1,
  extracted_poems: poems.length,
  duplicates_ignored: duplicates,
  total_scanned: poems.length + duplicates,
  empty_dropped: 0,
  continued: [],
  poems,
  duplicates: Array.from({ length: duplicates }, (_, i) => ({
    title: `Dup ${i}`,
    matched_poem: { id: 100 + i, title: `Orig ${i}` },
    similarity: 0.99,
    matched_in: 'publication' as const,
  })),
});
const run = (state: WizardState, ...events: WizardEvent[]) => events.reduce(reduce, state);

/** A wizard at step 3 for a freshly created publication. */
const atStep3 = () =>
  run(
    initialWizardState(),
    { type: 'MANUAL_CHOSEN' },
    { type: 'FIELD_CHANGED', field: 'title', value: 'Songs' },
    { type: 'CREATE_STARTED' },
    { type: 'PUBLICATION_CREATED', publication: publication(7) },
  );
const inPreviewWith = (n: number) =>
  run(
    atStep3(),
    { type: 'PAGE_IMAGES_ADDED', images: [image('a')] },
    { type: 'SCAN_STARTED' },
    { type: 'SCAN_SUCCEEDED', result: result(Array.from({ length: n }, (_, i) => poem(i + 1))) },
  );

describe('creation wizard state machine (SPEC section 4)', () => {
  it('starts at step 1 in AI mode with one empty author input', () => {
    const s = initialWizardState();
    expect(s.step).toBe(1);
    expect(s.mode).toBe('ai');
    expect(s.form.authors).toEqual(['']);
    expect(hasUnsavedProgress(s)).toBe(false);
  });

  it('goes from step 1 to 2 after a successful metadata extraction, with the success banner', () => {
    const s = run(initialWizardState(), { type: 'METADATA_IMAGES_ADDED', images: [image('c')] }, { type: 'EXTRACT_STARTED' });
    expect(s.busy).toBe('extracting');
    const after = reduce(s, { type: 'EXTRACT_SUCCEEDED', metadata: { title: 'Autumn Leaves', authors: ['A. Poet'], isbn: '978-0' } });
    expect(after.step).toBe(2);
    expect(after.busy).toBeNull();
    expect(after.metadataExtracted).toBe(true);
    expect(after.form).toMatchObject({ title: 'Autumn Leaves', authors: ['A. Poet'], isbn: '978-0', publisher: '', language: 'en' });
  });

  it('takes a language the extractor proposes, and English otherwise, for the curator to confirm', () => {
    expect(reduce(initialWizardState(), { type: 'EXTRACT_SUCCEEDED', metadata: { title: 'Gedichte', language: 'de' } }).form.language).toBe(
      'de',
    );
    expect(reduce(initialWizardState(), { type: 'EXTRACT_SUCCEEDED', metadata: { language: 'not a tag' } }).form.language).toBe('en');
    expect(reduce(initialWizardState(), { type: 'FIELD_CHANGED', field: 'language', value: 'la' }).form.language).toBe('la');
  });

  it('turns an authors string from the extractor into a list', () => {
    const after = reduce(initialWizardState(), { type: 'EXTRACT_SUCCEEDED', metadata: { authors: 'Ann Lee and Bo Park' } });
    expect(after.form.authors).toEqual(['Ann Lee', 'Bo Park']);
  });

  it('goes from step 1 to 2 also when extraction fails, without the banner', () => {
    const after = run(initialWizardState(), { type: 'EXTRACT_STARTED' }, { type: 'EXTRACT_FAILED' });
    expect(after.step).toBe(2);
    expect(after.metadataExtracted).toBe(false);
    expect(after.busy).toBeNull();
  });

  it('shows no banner when the extractor found nothing', () => {
    const after = reduce(initialWizardState(), { type: 'EXTRACT_SUCCEEDED', metadata: {} });
    expect(after.step).toBe(2);
    expect(after.metadataExtracted).toBe(false);
  });

  it('goes straight to step 2 in manual mode', () => {
    const after = reduce(initialWizardState(), { type: 'MANUAL_CHOSEN' });
    expect(after).toMatchObject({ step: 2, mode: 'manual', metadataExtracted: false });
  });

  it('goes from step 1 to 3 when an existing publication is chosen', () => {
    const s = run(initialWizardState(), { type: 'MODE_SELECTED', mode: 'existing' }, { type: 'EXISTING_SELECTED', id: 4 });
    expect(s.selectedExistingId).toBe(4);
    const after = reduce(s, { type: 'EXISTING_CONTINUED', publication: publication(4) });
    expect(after.step).toBe(3);
    expect(after.publication?.id).toBe(4);
  });

  it('starts at step 3, loading, when opened with an existing publication id', () => {
    const s = reduce(initialWizardState(), { type: 'OPENED', publicationId: 9 });
    expect(s).toMatchObject({ step: 3, busy: 'loading', fixedPublicationId: 9, mode: 'existing' });
    const loaded = reduce(s, { type: 'PUBLICATION_LOADED', publication: publication(9) });
    expect(loaded.busy).toBeNull();
    expect(loaded.publication?.id).toBe(9);
    const failed = reduce(s, { type: 'PUBLICATION_LOAD_FAILED', error: 'Error loading publication data' });
    expect(failed.error).toBe('Error loading publication data');
  });

  it('goes back from step 2 to step 1 keeping the form, and ignores Back elsewhere', () => {
    const s = run(initialWizardState(), { type: 'MANUAL_CHOSEN' }, { type: 'FIELD_CHANGED', field: 'title', value: 'Kept' });
    const back = reduce(s, { type: 'BACK' });
    expect(back.step).toBe(1);
    expect(back.form.title).toBe('Kept');
    expect(reduce(atStep3(), { type: 'BACK' }).step).toBe(3);
  });

  it('keeps at least one author input and removes only when more than one exists', () => {
    let s = reduce(initialWizardState(), { type: 'MANUAL_CHOSEN' });
    s = reduce(s, { type: 'AUTHOR_REMOVED', index: 0 });
    expect(s.form.authors).toEqual(['']);
    s = run(
      s,
      { type: 'AUTHOR_CHANGED', index: 0, value: 'A' },
      { type: 'AUTHOR_ADDED' },
      { type: 'AUTHOR_CHANGED', index: 1, value: 'B' },
    );
    expect(s.form.authors).toEqual(['A', 'B']);
    s = reduce(s, { type: 'AUTHOR_REMOVED', index: 0 });
    expect(s.form.authors).toEqual(['B']);
  });

  it('does not start creating without a title', () => {
    const s = reduce(initialWizardState(), { type: 'MANUAL_CHOSEN' });
    expect(reduce(s, { type: 'CREATE_STARTED' }).busy).toBeNull();
  });

  it('goes from step 2 to 3 after the publication is created, and stays on 2 with the error on failure', () => {
    const s = run(
      initialWizardState(),
      { type: 'MANUAL_CHOSEN' },
      { type: 'FIELD_CHANGED', field: 'title', value: 'T' },
      { type: 'CREATE_STARTED' },
    );
    expect(s.busy).toBe('creating');
    expect(reduce(s, { type: 'PUBLICATION_CREATED', publication: publication(3) })).toMatchObject({ step: 3, busy: null });
    const failed = reduce(s, { type: 'CREATE_FAILED', error: 'Failed to create publication. Please try again.' });
    expect(failed).toMatchObject({ step: 2, busy: null, error: 'Failed to create publication. Please try again.' });
  });

  it('scans in step 3 with no poems into the preview, tracking progress', () => {
    let s = run(atStep3(), { type: 'PAGE_IMAGES_ADDED', images: [image('a'), image('b')] }, { type: 'SCAN_STARTED' });
    expect(s.busy).toBe('scanning');
    expect(s.scanProgress).toEqual({ state: 'queued', pagesDone: 0, pagesTotal: 2 });
    s = reduce(s, { type: 'SCAN_PROGRESS', progress: { state: 'active', pagesDone: 1, pagesTotal: 2 } });
    expect(s.scanProgress?.pagesDone).toBe(1);
    s = reduce(s, { type: 'SCAN_SUCCEEDED', result: result([poem(1), poem(2)], 1) });
    expect(inPreview(s)).toBe(true);
    expect(s.poems.map((p) => p.id)).toEqual([1, 2]);
    expect(s.scanStats).toMatchObject({ total: 3, fresh: 2, duplicates: 1 });
    expect(s.scanStats?.duplicateList[0].matched_poem.title).toBe('Orig 0');
    expect(s.pageImages).toEqual([]);
  });

  it('stays in scanning with the report when every poem was a duplicate, still offering to finish', () => {
    expect(canFinish(atStep3())).toBe(false);
    const s = run(
      atStep3(),
      { type: 'PAGE_IMAGES_ADDED', images: [image('a')] },
      { type: 'SCAN_STARTED' },
      { type: 'SCAN_SUCCEEDED', result: result([], 2) },
    );
    expect(inPreview(s)).toBe(false);
    expect(s.scanStats).toMatchObject({ total: 2, fresh: 0, duplicates: 2 });
    expect(canFinish(s)).toBe(true);
  });

  it('after Scan More finds only duplicates, Save Draft and Publish stay offered', () => {
    const s = run(
      inPreviewWith(2),
      { type: 'SCAN_MORE' },
      { type: 'PAGE_IMAGES_ADDED', images: [image('b')] },
      { type: 'SCAN_STARTED' },
      { type: 'SCAN_SUCCEEDED', result: result([], 2) },
    );
    expect(inPreview(s)).toBe(false);
    expect(canFinish(s)).toBe(true);
  });

  it('remembers the poems this session scanned, across Scan More and without the ones it deleted', () => {
    let s = inPreviewWith(2);
    expect(s.sessionPoemIds).toEqual([1, 2]);
    s = run(
      s,
      { type: 'SCAN_MORE' },
      { type: 'PAGE_IMAGES_ADDED', images: [image('b')] },
      { type: 'SCAN_STARTED' },
      { type: 'SCAN_SUCCEEDED', result: result([poem(5), poem(6)], 0, 'scan-7-def') },
    );
    expect(s.sessionPoemIds).toEqual([1, 2, 5, 6]);
    s = reduce(s, { type: 'POEM_DELETED', index: 0 });
    expect(s.sessionPoemIds).toEqual([1, 2, 6]);
    s = reduce(s, { type: 'START_OVER_DONE' });
    expect(s.sessionPoemIds).toEqual([]);
    expect(canFinish(s)).toBe(false);
  });

  it('remembers the job of every scan of this session once, even one that added no poem, for Start Over to discard its photos', () => {
    const scanned = (s: WizardState, jobId: string, poems: Poem[], duplicates = 0) =>
      run(
        s,
        { type: 'SCAN_MORE' },
        { type: 'PAGE_IMAGES_ADDED', images: [image(jobId)] },
        { type: 'SCAN_STARTED' },
        { type: 'SCAN_SUCCEEDED', result: result(poems, duplicates, jobId) },
      );
    expect(canStartOver(atStep3())).toBe(false);
    let s = scanned(atStep3(), 'scan-7-aaa', [], 2);
    expect(s).toMatchObject({ sessionPoemIds: [], sessionJobIds: ['scan-7-aaa'] });
    expect(canStartOver(s)).toBe(true);
    s = scanned(s, 'scan-7-bbb', [poem(3)]);
    s = scanned(s, 'scan-7-aaa', [], 2);
    expect(s.sessionJobIds).toEqual(['scan-7-aaa', 'scan-7-bbb']);
    // Deleting a poem keeps its scan's job: the photos it stored still hold the other poems.
    s = reduce(s, { type: 'POEM_DELETED', index: 0 });
    expect(s.sessionJobIds).toEqual(['scan-7-aaa', 'scan-7-bbb']);
    s = reduce(s, { type: 'START_OVER_DONE' });
    expect(s.sessionJobIds).toEqual([]);
    expect(canStartOver(s)).toBe(false);
  });

  it('refuses a second scan while poems are in the preview, and keeps the error of a failed scan', () => {
    const s = inPreviewWith(2);
    expect(reduce(s, { type: 'SCAN_STARTED' })).toBe(s);
    const failed = run(
      atStep3(),
      { type: 'SCAN_STARTED' },
      { type: 'SCAN_FAILED', error: 'Error processing content batch. Please try again.' },
    );
    expect(failed).toMatchObject({ busy: null, scanProgress: null, error: 'Error processing content batch. Please try again.' });
  });

  it('navigates poems within bounds', () => {
    let s = inPreviewWith(3);
    s = run(s, { type: 'PREVIOUS_POEM' });
    expect(s.currentPoem).toBe(0);
    s = run(s, { type: 'NEXT_POEM' }, { type: 'NEXT_POEM' }, { type: 'NEXT_POEM' });
    expect(s.currentPoem).toBe(2);
    expect(reduce(s, { type: 'POEM_SELECTED', index: 7 }).currentPoem).toBe(2);
    expect(reduce(s, { type: 'POEM_SELECTED', index: 1 }).currentPoem).toBe(1);
  });

  it('edits a poem keeping its indentation and marks it unsaved until saved', () => {
    let s = reduce(inPreviewWith(2), { type: 'POEM_EDITED', index: 1, body: '    indented\n\nnext stanza' });
    expect(s.poems[1]).toMatchObject({ body: '    indented\n\nnext stanza', dirty: true, title: 'Poem 2' });
    s = reduce(s, { type: 'POEMS_SAVED' });
    expect(s.poems.every((p) => !p.dirty)).toBe(true);
  });

  it('deletes poems and returns to scanning after the last one', () => {
    let s = run(inPreviewWith(2), { type: 'NEXT_POEM' }, { type: 'POEM_DELETED', index: 1 });
    expect(s.poems.map((p) => p.id)).toEqual([1]);
    expect(s.currentPoem).toBe(0);
    s = reduce(s, { type: 'POEM_DELETED', index: 0 });
    expect(inPreview(s)).toBe(false);
    expect(s.step).toBe(3);
  });

  it('Scan More clears the in-memory poems and images but keeps the publication', () => {
    const s = reduce(inPreviewWith(2), { type: 'SCAN_MORE' });
    expect(s).toMatchObject({ poems: [], pageImages: [], scanStats: null, step: 3 });
    expect(s.publication?.id).toBe(7);
  });

  it('Start Over clears the poems locally once the server cleared them', () => {
    const s = run(inPreviewWith(2), { type: 'BUSY', busy: 'clearing' }, { type: 'START_OVER_DONE' });
    expect(s).toMatchObject({ poems: [], busy: null, step: 3 });
  });

  it('an action failure keeps the poems and shows the error', () => {
    const s = run(inPreviewWith(2), { type: 'BUSY', busy: 'publishing' }, { type: 'ACTION_FAILED', error: 'Error publishing' });
    expect(s).toMatchObject({ busy: null, error: 'Error publishing' });
    expect(s.poems).toHaveLength(2);
  });

  it('Save Draft and Publish end the flow with a fresh state', () => {
    const s = reduce(inPreviewWith(2), { type: 'FINISHED' });
    expect(s).toEqual(initialWizardState());
  });

  it('closing resets everything, keeping the publication supplied on open', () => {
    const fresh = reduce(inPreviewWith(1), { type: 'CLOSED' });
    expect(fresh).toEqual(initialWizardState());
    let fixed = run(
      initialWizardState(),
      { type: 'OPENED', publicationId: 9 },
      { type: 'PUBLICATION_LOADED', publication: publication(9) },
    );
    fixed = run(fixed, { type: 'PAGE_IMAGES_ADDED', images: [image('p')] }, { type: 'CLOSED' });
    expect(fixed).toMatchObject({ step: 3, fixedPublicationId: 9, pageImages: [], busy: null });
    expect(fixed.publication?.id).toBe(9);
  });

  it('knows when closing would lose progress: not what the server already keeps', () => {
    expect(hasUnsavedProgress(reduce(initialWizardState(), { type: 'METADATA_IMAGES_ADDED', images: [image('x')] }))).toBe(true);
    expect(
      hasUnsavedProgress(run(initialWizardState(), { type: 'MANUAL_CHOSEN' }, { type: 'FIELD_CHANGED', field: 'title', value: 'T' })),
    ).toBe(true);
    // The created draft and the poems scanned into it are on the server already.
    expect(hasUnsavedProgress(atStep3())).toBe(false);
    expect(hasUnsavedProgress(inPreviewWith(1))).toBe(false);
    expect(hasUnsavedProgress(reduce(inPreviewWith(1), { type: 'POEM_EDITED', index: 0, title: 'Changed' }))).toBe(true);
    expect(hasUnsavedProgress(reduce(atStep3(), { type: 'PAGE_IMAGES_ADDED', images: [image('p')] }))).toBe(true);
    const opened = run(
      initialWizardState(),
      { type: 'OPENED', publicationId: 9 },
      { type: 'PUBLICATION_LOADED', publication: publication(9) },
    );
    expect(hasUnsavedProgress(opened)).toBe(false);
  });

  it('says what closing keeps: the draft in step 3, the published book as it is', () => {
    expect(closeConfirmation(atStep3())).toBeNull();
    expect(closeConfirmation(reduce(initialWizardState(), { type: 'METADATA_IMAGES_ADDED', images: [image('x')] }))).toEqual({
      key: 'archive.confirm.close_wizard',
    });
    expect(closeConfirmation(reduce(atStep3(), { type: 'PAGE_IMAGES_ADDED', images: [image('p')] }))).toEqual({
      key: 'archive.confirm.close_keeps_draft',
      args: { title: 'Book 7' },
    });
    const live = run(
      initialWizardState(),
      { type: 'OPENED', publicationId: 9 },
      { type: 'PUBLICATION_LOADED', publication: publication(9, { status: 'published' }) },
      { type: 'PAGE_IMAGES_ADDED', images: [image('p')] },
    );
    expect(closeConfirmation(live)).toEqual({ key: 'archive.confirm.close_keeps_publication', args: { title: 'Book 9' } });
  });

  it('removes images by id', () => {
    let s = reduce(initialWizardState(), { type: 'METADATA_IMAGES_ADDED', images: [image('a'), image('b')] });
    s = reduce(s, { type: 'METADATA_IMAGE_REMOVED', id: 'a' });
    expect(s.metadataImages.map((i) => i.id)).toEqual(['b']);
    let t = reduce(atStep3(), { type: 'PAGE_IMAGES_ADDED', images: [image('c'), image('d')] });
    t = reduce(t, { type: 'PAGE_IMAGE_REMOVED', id: 'd' });
    expect(t.pageImages.map((i) => i.id)).toEqual(['c']);
  });
});
