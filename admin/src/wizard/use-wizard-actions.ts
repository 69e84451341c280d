import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { useDataProvider, useLogout, useNotify, useTranslate } from 'react-admin';
import type { Publication } from '../../../contracts/catalog.js';
import { LOGIN_PATH } from '../providers/auth-provider.js';
import { initCsrfToken } from '../providers/csrf.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { actionFailure, createFailure, metadataException, metadataNonSuccess, scanFailure, type Outcome } from './wizard-errors.js';
import { canStartOver, type WizardEvent, type WizardState } from './wizard.machine.js';

export interface WizardActionsOptions {
  open: boolean;
  /** Opened for an existing publication: it is loaded, and the wizard starts at step 3. */
  publicationId: number | null;
  state: WizardState;
  dispatch: Dispatch<WizardEvent>;
  onClose: () => void;
  onComplete: (publicationId: number) => void;
}

export type WizardActions = ReturnType<typeof useWizardActions>;

/**
 * Every server call of the creation wizard, and what the admin is told about it: each action sends
 * its request, dispatches the outcome to the wizard's reducer (wizard.machine.ts) and words a
 * failure as SPEC section 8 asks (wizard-errors.ts). The steps render state and call these.
 */
export function useWizardActions({ open, publicationId, state, dispatch, onClose, onComplete }: WizardActionsOptions) {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const dp = useDataProvider<ArchiveDataProvider>();
  const scanAbort = useRef<AbortController | null>(null);
  const fail = (message: string) => notify(message, { type: 'error' });

  // Opened for an existing publication: load it and start at step 3.
  useEffect(() => {
    if (!open) return;
    dispatch({ type: 'OPENED', publicationId });
    if (publicationId === null) return;
    let cancelled = false;
    dp.getOne<Publication>('publications', { id: publicationId }).then(
      ({ data }) => !cancelled && dispatch({ type: 'PUBLICATION_LOADED', publication: data }),
      () => {
        if (cancelled) return;
        fail(translate('archive.errors.loading_publication'));
        dispatch({ type: 'PUBLICATION_LOAD_FAILED', error: translate('archive.errors.loading_publication') });
      },
    );
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, publicationId, dp]);

  /** 401/403 during extraction or scanning: the spec's message, then the login page. */
  const toLogin = (outcome: Outcome) => {
    fail(outcome.message);
    void logout({}, LOGIN_PATH);
  };

  /** Closes without asking: a scan still being waited for is let go (the server finishes it). */
  const closeNow = useCallback(() => {
    scanAbort.current?.abort();
    dispatch({ type: 'CLOSED' });
    onClose();
  }, [dispatch, onClose]);

  const extract = async () => {
    if (!state.metadataImages.length) return notify('archive.validation.need_metadata_image', { type: 'warning' });
    dispatch({ type: 'EXTRACT_STARTED' });
    try {
      const answer = await dp.extractMetadata(state.metadataImages.map((i) => i.file));
      if (answer.success && answer.metadata) {
        dispatch({ type: 'EXTRACT_SUCCEEDED', metadata: answer.metadata });
      } else {
        fail(metadataNonSuccess(200, answer.error, translate));
        dispatch({ type: 'EXTRACT_FAILED' });
      }
    } catch (err) {
      const outcome = metadataException(err, translate);
      if (outcome.toLogin) return toLogin(outcome);
      fail(outcome.message);
      dispatch({ type: 'EXTRACT_FAILED' });
    }
  };

  const create = async () => {
    if (!state.form.title.trim()) return;
    dispatch({ type: 'CREATE_STARTED' });
    try {
      await initCsrfToken();
    } catch {
      fail(translate('archive.session.wizard_init_failed'));
      dispatch({ type: 'CREATE_FAILED', error: translate('archive.session.wizard_init_failed') });
      return;
    }
    try {
      const data = { ...state.form, authors: state.form.authors.map((a) => a.trim()).filter(Boolean) };
      const { data: created } = await dp.create<Publication>('publications', { data });
      dispatch({ type: 'PUBLICATION_CREATED', publication: created });
    } catch (err) {
      const message = createFailure(err, translate);
      fail(message);
      dispatch({ type: 'CREATE_FAILED', error: message });
    }
  };

  const scan = async () => {
    if (!state.publication) return;
    if (!state.pageImages.length) return notify('archive.validation.need_page_image', { type: 'warning' });
    dispatch({ type: 'SCAN_STARTED' });
    const abort = new AbortController();
    scanAbort.current = abort;
    try {
      const result = await dp.batchUploadPages(
        state.publication.id,
        state.pageImages.map((i) => i.file),
        { signal: abort.signal, onProgress: (progress) => dispatch({ type: 'SCAN_PROGRESS', progress }) },
      );
      dispatch({ type: 'SCAN_SUCCEEDED', result });
    } catch (err) {
      if (abort.signal.aborted) return;
      const outcome = scanFailure(err, translate);
      if (outcome.toLogin) return toLogin(outcome);
      fail(outcome.message);
      dispatch({ type: 'SCAN_FAILED', error: outcome.message });
    }
  };

  /** Edits made in the preview go to the server before the poems leave it (Scan More, Save Draft, Publish). */
  const saveEdits = async (): Promise<void> => {
    for (const poem of state.poems.filter((p) => p.dirty)) {
      await dp.update('poems', {
        id: poem.id,
        data: { title: poem.title, body: poem.body, notes: poem.notes },
        previousData: { id: poem.id },
      });
    }
    dispatch({ type: 'POEMS_SAVED' });
  };

  const deletePoem = async () => {
    const current = state.poems[state.currentPoem];
    if (!current) return;
    dispatch({ type: 'BUSY', busy: 'deleting' });
    try {
      await dp.delete('poems', { id: current.id, previousData: { id: current.id } });
      dispatch({ type: 'POEM_DELETED', index: state.currentPoem });
      notify('archive.notify.poem_deleted', { type: 'success' });
    } catch (err) {
      const message = actionFailure('archive.notify.delete_poem_failed', err, translate);
      fail(message);
      dispatch({ type: 'ACTION_FAILED', error: message });
    }
  };

  const scanMore = async () => {
    if (!state.poems.some((p) => p.dirty)) return dispatch({ type: 'SCAN_MORE' });
    dispatch({ type: 'BUSY', busy: 'saving' });
    try {
      await saveEdits();
      notify('archive.notify.edits_saved', { type: 'success' });
      dispatch({ type: 'SCAN_MORE' });
      dispatch({ type: 'BUSY', busy: null });
    } catch (err) {
      const message = actionFailure('archive.notify.update_poem_failed', err, translate);
      fail(message);
      dispatch({ type: 'ACTION_FAILED', error: message });
    }
  };

  /**
   * Removes the poems this session scanned, and only those: the book's earlier poems stay. The
   * page photos its scans stored go too, so Reprocess cannot bring the poems back.
   */
  const startOver = async () => {
    if (!state.publication) return;
    dispatch({ type: 'BUSY', busy: 'clearing' });
    try {
      if (canStartOver(state)) await dp.clearPoems(state.publication.id, state.sessionPoemIds, state.sessionJobIds);
      dispatch({ type: 'START_OVER_DONE' });
    } catch (err) {
      const message = actionFailure('archive.errors.clearing', err, translate);
      fail(message);
      dispatch({ type: 'ACTION_FAILED', error: message });
    }
  };

  /** Saves the poems edited in the preview, then saves as draft or publishes, and ends the flow. */
  const finish = async (how: 'draft' | 'publish') => {
    const publication = state.publication;
    if (!publication) return;
    dispatch({ type: 'BUSY', busy: how === 'draft' ? 'saving' : 'publishing' });
    try {
      await saveEdits();
      if (how === 'draft') await dp.saveDraft(publication.id);
      else await dp.publish(publication.id);
      notify(how === 'draft' ? 'archive.notify.draft_saved' : 'archive.notify.published', { type: 'success' });
      dispatch({ type: 'FINISHED' });
      onComplete(publication.id);
    } catch (err) {
      const message = actionFailure(how === 'draft' ? 'archive.errors.saving_draft' : 'archive.errors.publishing', err, translate);
      fail(message);
      dispatch({ type: 'ACTION_FAILED', error: message });
    }
  };

  return { closeNow, extract, create, scan, deletePoem, scanMore, startOver, finish };
}
