import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useGetList } from 'react-admin';
import { THEME, WIZARD_SCROLL_DELAYS_MS } from '../constants.js';
import { Button } from '../layout/button.js';
import { MSG } from '../messages.js';
import { PoemTextArea } from '../poems/poem-text-area.js';
import { adminListQueryOptions } from '../publications/query-options.js';
import { useArchiveDataProvider } from '../publications/use-publication-actions.js';
import { initCsrfToken } from '../providers/csrf.js';
import { clearLocalAuth, clearSessionCookies } from '../providers/session.js';
import type { PoemPage, Publication } from '../providers/types.js';
import { ImageDropZone } from './image-drop-zone.js';
import { StepIndicator } from './step-indicator.js';
import { actionFailure, createFailure, metadataException, metadataNonSuccess, scanFailure, type Outcome } from './wizard-errors.js';
import { hasUnsavedProgress, initialWizardState, inPreview, wizardReducer, type WizardMode } from './wizard.machine.js';

const W = MSG.wizard;

function toLogin(outcome: Outcome) {
  window.alert(outcome.message);
  clearSessionCookies();
  clearLocalAuth();
  setTimeout(() => window.location.assign('/login'), 100);
}

export interface CreationWizardProps {
  open: boolean;
  publicationId?: number | null;
  onClose: () => void;
  /** Save Draft or Publish finished the flow for this publication. */
  onComplete: (publicationId: number) => void;
}

export function CreationWizard({ open, publicationId = null, onClose, onComplete }: CreationWizardProps) {
  const dp = useArchiveDataProvider();
  const [state, dispatch] = useReducer(wizardReducer, publicationId, initialWizardState);
  const previewRef = useRef<HTMLDivElement>(null);
  const scanAbort = useRef<AbortController | null>(null);
  const [pages, setPages] = useState<PoemPage[]>([]);
  const preview = inPreview(state);
  const current = preview ? state.poems[state.currentPoem] : null;
  const existingMode = state.fixedPublicationId !== null || state.mode === 'existing';

  const { data: publications = [] } = useGetList<Publication>(
    'publications',
    { filter: {}, pagination: { page: 1, perPage: 1000 }, sort: { field: 'created_at', order: 'DESC' } },
    { ...adminListQueryOptions, enabled: open && state.step === 1 && publicationId === null },
  );

  // Opened for an existing publication: load it and start at step 3.
  useEffect(() => {
    if (!open) return;
    dispatch({ type: 'OPENED', publicationId });
    if (publicationId === null) return;
    let cancelled = false;
    dp.getPublication(publicationId).then(
      (publication) => !cancelled && dispatch({ type: 'PUBLICATION_LOADED', publication }),
      () => {
        if (cancelled) return;
        window.alert(MSG.errors.loadingPublication);
        dispatch({ type: 'PUBLICATION_LOAD_FAILED', error: MSG.errors.loadingPublication });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [open, publicationId, dp]);

  // The photographed page of the current poem, for proofreading beside its text.
  const currentId = current?.id;
  useEffect(() => {
    setPages([]);
    if (currentId === undefined) return;
    let cancelled = false;
    dp.getPoemPages(currentId).then(
      (list) => !cancelled && setPages(list),
      () => !cancelled && setPages([]),
    );
    return () => {
      cancelled = true;
    };
  }, [currentId, dp]);

  // Bring the preview into view once it appears (the dialog may be scrolled down to the drop zone).
  useEffect(() => {
    if (!preview) return;
    const timers = WIZARD_SCROLL_DELAYS_MS.map((ms) => setTimeout(() => previewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), ms));
    return () => timers.forEach(clearTimeout);
  }, [preview]);

  // Arrow keys move between poems, except while typing.
  useEffect(() => {
    if (!open || !preview) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.isContentEditable)) return;
      if (e.key === 'ArrowRight') dispatch({ type: 'NEXT_POEM' });
      if (e.key === 'ArrowLeft') dispatch({ type: 'PREVIOUS_POEM' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, preview]);

  const close = useCallback(() => {
    if (hasUnsavedProgress(state) && !window.confirm(MSG.confirm.closeWizard)) return;
    scanAbort.current?.abort();
    dispatch({ type: 'CLOSED' });
    onClose();
  }, [state, onClose]);

  const extract = async () => {
    if (!state.metadataImages.length) {
      window.alert(MSG.validation.needMetadataImage);
      return;
    }
    dispatch({ type: 'EXTRACT_STARTED' });
    try {
      const answer = await dp.extractMetadata(state.metadataImages.map((i) => i.file));
      if (answer.success && answer.metadata) {
        dispatch({ type: 'EXTRACT_SUCCEEDED', metadata: answer.metadata });
      } else {
        window.alert(metadataNonSuccess(200, answer.error));
        dispatch({ type: 'EXTRACT_FAILED' });
      }
    } catch (err) {
      const outcome = metadataException(err);
      if (outcome.toLogin) return toLogin(outcome);
      window.alert(outcome.message);
      dispatch({ type: 'EXTRACT_FAILED' });
    }
  };

  const continueExisting = () => {
    const chosen = publications.find((p) => p.id === state.selectedExistingId);
    if (!chosen) {
      window.alert(MSG.validation.selectExisting);
      return;
    }
    dispatch({ type: 'EXISTING_CONTINUED', publication: chosen });
  };

  const create = async () => {
    if (!state.form.title.trim()) return;
    dispatch({ type: 'CREATE_STARTED' });
    try {
      await initCsrfToken();
    } catch {
      window.alert(MSG.session.wizardInitFailed);
      dispatch({ type: 'CREATE_FAILED', error: MSG.session.wizardInitFailed });
      return;
    }
    try {
      const data = { ...state.form, authors: state.form.authors.map((a) => a.trim()).filter(Boolean) };
      const { data: created } = await dp.create<Publication>('publications', { data });
      const publication = await dp.getPublication(created.id).catch(() => created as Publication);
      dispatch({ type: 'PUBLICATION_CREATED', publication });
    } catch (err) {
      const message = createFailure(err);
      window.alert(message);
      dispatch({ type: 'CREATE_FAILED', error: message });
    }
  };

  const scan = async () => {
    if (!state.publication) return;
    if (!state.pageImages.length) {
      window.alert(MSG.validation.needPageImage);
      return;
    }
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
      const outcome = scanFailure(err);
      if (outcome.toLogin) return toLogin(outcome);
      window.alert(outcome.message);
      dispatch({ type: 'SCAN_FAILED', error: outcome.message });
    }
  };

  const deletePoem = async () => {
    if (!current || !window.confirm(MSG.confirm.deletePoem)) return;
    dispatch({ type: 'BUSY', busy: 'deleting' });
    try {
      await dp.delete('poems', { id: current.id, previousData: { id: current.id } });
      dispatch({ type: 'POEM_DELETED', index: state.currentPoem });
    } catch (err) {
      const message = actionFailure(MSG.detail.deletePoemFailed, err);
      window.alert(message);
      dispatch({ type: 'ACTION_FAILED', error: message });
    }
  };

  const startOver = async () => {
    if (!state.publication || !window.confirm(MSG.confirm.startOver)) return;
    dispatch({ type: 'BUSY', busy: 'clearing' });
    try {
      await dp.clearPoems(state.publication.id);
      dispatch({ type: 'START_OVER_DONE' });
    } catch (err) {
      const message = actionFailure(MSG.errors.clearing, err);
      window.alert(message);
      dispatch({ type: 'ACTION_FAILED', error: message });
    }
  };

  /** Saves the poems edited in the preview, then saves as draft or publishes, and ends the flow. */
  const finish = async (how: 'draft' | 'publish') => {
    const publication = state.publication;
    if (!publication) return;
    dispatch({ type: 'BUSY', busy: how === 'draft' ? 'saving' : 'publishing' });
    try {
      for (const poem of state.poems.filter((p) => p.dirty)) {
        await dp.update('poems', { id: poem.id, data: { title: poem.title, body: poem.body, notes: poem.notes }, previousData: { id: poem.id } });
      }
      dispatch({ type: 'POEMS_SAVED' });
      if (how === 'draft') await dp.saveDraft(publication.id);
      else await dp.publish(publication.id);
      dispatch({ type: 'FINISHED' });
      onComplete(publication.id);
    } catch (err) {
      const message = actionFailure(how === 'draft' ? MSG.errors.savingDraft : MSG.errors.publishing, err);
      window.alert(message);
      dispatch({ type: 'ACTION_FAILED', error: message });
    }
  };

  const busy = state.busy;
  const selected = publications.find((p) => p.id === state.selectedExistingId);
  const progress = state.scanProgress;
  const percent = progress && progress.pagesTotal ? Math.round((progress.pagesDone / progress.pagesTotal) * 100) : 0;

  const step1 = (
    <div className="wizard-step">
      <fieldset className="modes">
        <legend className="sr-only">How do you want to start?</legend>
        {(
          [
            ['ai', W.aiMode, W.aiBadge],
            ['existing', W.existingMode, null],
            ['manual', W.manualMode, null],
          ] as Array<[WizardMode, string, string | null]>
        ).map(([mode, label, badge]) => (
          <label key={mode} className={`mode${state.mode === mode ? ' selected' : ''}`}>
            <input type="radio" name="wizard-mode" value={mode} checked={state.mode === mode} onChange={() => dispatch({ type: 'MODE_SELECTED', mode })} />
            <span>{label}</span>
            {badge ? <span className="badge badge-ai">{badge}</span> : null}
          </label>
        ))}
      </fieldset>
      {state.mode === 'ai' ? (
        <ImageDropZone
          testId="metadata-drop-zone"
          images={state.metadataImages}
          onAdd={(images) => dispatch({ type: 'METADATA_IMAGES_ADDED', images })}
          onRemove={(id) => dispatch({ type: 'METADATA_IMAGE_REMOVED', id })}
          label={W.metadataDrop}
          maxMessage={MSG.validation.maxMetadataImages}
          disabled={busy === 'extracting'}
        />
      ) : null}
      {state.mode === 'existing' ? (
        <label className="field">
          <span>{W.selectPublication}</span>
          <select value={state.selectedExistingId ?? ''} onChange={(e) => dispatch({ type: 'EXISTING_SELECTED', id: e.target.value ? Number(e.target.value) : null })}>
            <option value="">{W.selectPublication}</option>
            {publications.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
                {p.publisher ? ` (${p.publisher})` : ''} - {p.poem_count} poems
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {busy === 'extracting' ? (
        <div className="busy" role="status">
          <LinearProgress />
          <p>{W.extracting}</p>
        </div>
      ) : null}
      <p className="muted wizard-footer-note">
        {state.mode === 'existing' ? W.existingPoems(selected?.poem_count ?? 0) : W.attachments(state.metadataImages.length)}
      </p>
    </div>
  );

  const step2 = (
    <form className="wizard-step" onSubmit={(e) => e.preventDefault()}>
      {state.metadataExtracted ? (
        <p className="banner banner-success" role="status">
          {W.extractedBanner}
        </p>
      ) : null}
      <label className="field">
        <span>
          {W.fields.title} <span aria-hidden>*</span>
        </span>
        <input required value={state.form.title} onChange={(e) => dispatch({ type: 'FIELD_CHANGED', field: 'title', value: e.target.value })} />
      </label>
      <fieldset className="field">
        <legend>{W.fields.authors}</legend>
        {state.form.authors.map((author, i) => (
          <div className="row" key={i}>
            <input aria-label={W.fields.author(i)} value={author} onChange={(e) => dispatch({ type: 'AUTHOR_CHANGED', index: i, value: e.target.value })} />
            {state.form.authors.length > 1 ? (
              <Button size="sm" variant="ghost" aria-label={`${W.fields.removeAuthor} ${i + 1}`} onClick={() => dispatch({ type: 'AUTHOR_REMOVED', index: i })}>
                ×
              </Button>
            ) : null}
          </div>
        ))}
        <Button size="sm" variant="outline" onClick={() => dispatch({ type: 'AUTHOR_ADDED' })}>
          {W.fields.addAuthor}
        </Button>
      </fieldset>
      <label className="field">
        <span>{W.fields.publisher}</span>
        <input value={state.form.publisher} onChange={(e) => dispatch({ type: 'FIELD_CHANGED', field: 'publisher', value: e.target.value })} />
      </label>
      <label className="field">
        <span>{W.fields.publicationDate}</span>
        <input
          value={state.form.publication_date}
          placeholder={W.fields.publicationDateHelp}
          onChange={(e) => dispatch({ type: 'FIELD_CHANGED', field: 'publication_date', value: e.target.value })}
        />
      </label>
      <label className="field">
        <span>{W.fields.isbn}</span>
        <input value={state.form.isbn} onChange={(e) => dispatch({ type: 'FIELD_CHANGED', field: 'isbn', value: e.target.value })} />
      </label>
      <label className="field">
        <span>{W.fields.notes}</span>
        <textarea rows={3} value={state.form.notes} onChange={(e) => dispatch({ type: 'FIELD_CHANGED', field: 'notes', value: e.target.value })} />
      </label>
    </form>
  );

  const stats = state.scanStats ? (
    <section className="banner banner-info" aria-label={W.scanResults}>
      <strong>{W.scanResults}</strong>
      <span>{W.total(state.scanStats.total)}</span>
      <span>{W.fresh(state.scanStats.fresh)}</span>
      <span>{W.duplicates(state.scanStats.duplicates)}</span>
      {state.scanStats.duplicateList.length ? (
        <ul>
          {state.scanStats.duplicateList.map((d, i) => (
            <li key={i}>{W.duplicateOf(d.title, d.matched_poem?.title ?? '', d.similarity)}</li>
          ))}
        </ul>
      ) : null}
    </section>
  ) : null;

  const scanning = (
    <div className="wizard-step">
      {state.publication ? <h3>{state.publication.title}</h3> : null}
      {busy === 'loading' ? <p className="muted">{W.loadingPublication}</p> : null}
      {existingMode && state.publication ? <p className="banner banner-info">{W.duplicateNote(state.publication.poem_count)}</p> : null}
      {stats}
      <ImageDropZone
        testId="pages-drop-zone"
        images={state.pageImages}
        onAdd={(images) => dispatch({ type: 'PAGE_IMAGES_ADDED', images })}
        onRemove={(id) => dispatch({ type: 'PAGE_IMAGE_REMOVED', id })}
        label={W.pagesDrop}
        maxMessage={MSG.validation.maxPageImages}
        disabled={busy === 'scanning'}
      />
      {busy === 'scanning' && progress ? (
        <div className="busy" role="status" aria-live="polite">
          <p>{W.scanning}</p>
          <LinearProgress variant={progress.state === 'queued' ? 'indeterminate' : 'determinate'} value={percent} aria-label="Scan progress" />
          <p className="muted" data-testid="scan-progress">
            {progress.state === 'queued' ? W.queued : W.scanProgress(progress.pagesDone, progress.pagesTotal)}
          </p>
        </div>
      ) : null}
    </div>
  );

  const pageImage = pages[0];
  const previewView = current ? (
    <div className="wizard-step" ref={previewRef}>
      <h3>{W.preview}</h3>
      {stats}
      <div className="row spread">
        <strong>{W.poemOf(state.currentPoem + 1, state.poems.length)}</strong>
        <span className="muted">{W.pages(current.page_numbers)}</span>
      </div>
      <div className="proofread">
        {/* Focusable so keyboard users can scroll a tall page photo. */}
        <figure className="page-photo" tabIndex={0} aria-label={W.pageImage(pageImage?.page_number ?? null)}>
          {pages.length ? (
            pages.map((p) => <img key={p.page_index} src={p.url} alt={W.pageImage(p.page_number)} />)
          ) : (
            <p className="muted">{W.pageImage(null)}…</p>
          )}
          {pageImage ? <figcaption className="muted">{W.pageImage(pageImage.page_number)}</figcaption> : null}
        </figure>
        <div className="poem-editor">
          <label className="field">
            <span>{W.poemTitle}</span>
            <input value={current.title} onChange={(e) => dispatch({ type: 'POEM_EDITED', index: state.currentPoem, title: e.target.value })} />
          </label>
          <label className="field">
            <span>{W.poemBody}</span>
            <PoemTextArea rows={18} value={current.body} onChange={(body) => dispatch({ type: 'POEM_EDITED', index: state.currentPoem, body })} />
          </label>
        </div>
      </div>
      <div className="row spread">
        <Button variant="outline" disabled={state.currentPoem === 0} onClick={() => dispatch({ type: 'PREVIOUS_POEM' })}>
          ← {W.previous}
        </Button>
        <Button variant="outline" disabled={state.currentPoem >= state.poems.length - 1} onClick={() => dispatch({ type: 'NEXT_POEM' })}>
          {W.next} →
        </Button>
      </div>
    </div>
  ) : null;

  const actions = (() => {
    if (state.step === 1) {
      return (
        <>
          <Button variant="ghost" onClick={close}>
            {W.cancel}
          </Button>
          {state.mode === 'ai' ? (
            <Button onClick={() => void extract()} loading={busy === 'extracting'}>
              {W.extract}
            </Button>
          ) : state.mode === 'existing' ? (
            <Button onClick={continueExisting}>{W.continueExisting}</Button>
          ) : (
            <Button onClick={() => dispatch({ type: 'MANUAL_CHOSEN' })}>{W.manual}</Button>
          )}
        </>
      );
    }
    if (state.step === 2) {
      return (
        <>
          <Button variant="ghost" onClick={() => dispatch({ type: 'BACK' })} disabled={busy === 'creating'}>
            {W.back}
          </Button>
          <Button onClick={() => void create()} disabled={!state.form.title.trim()} loading={busy === 'creating'}>
            {busy === 'creating' ? W.creating : W.create}
          </Button>
        </>
      );
    }
    if (preview) {
      const working = busy !== null;
      return (
        <>
          <Button variant="danger" onClick={() => void deletePoem()} disabled={working} loading={busy === 'deleting'}>
            {W.deletePoem}
          </Button>
          <Button variant="outline" onClick={() => dispatch({ type: 'SCAN_MORE' })} disabled={working}>
            {W.scanMore}
          </Button>
          <Button variant="warning" onClick={() => void startOver()} disabled={working} loading={busy === 'clearing'}>
            {W.startOver}
          </Button>
          <Button variant="secondary" onClick={() => void finish('draft')} disabled={working} loading={busy === 'saving'}>
            {W.saveDraft}
          </Button>
          <Button variant="success" onClick={() => void finish('publish')} disabled={working} loading={busy === 'publishing'}>
            {W.publish}
          </Button>
        </>
      );
    }
    return (
      <>
        <Button variant="ghost" onClick={close}>
          {W.cancel}
        </Button>
        <Button onClick={() => void scan()} loading={busy === 'scanning'} disabled={!state.publication || busy === 'loading'}>
          {W.scan}
        </Button>
      </>
    );
  })();

  return (
    <Dialog
      open={open}
      onClose={(_e, reason) => {
        if (reason === 'backdropClick' && busy === 'scanning') return;
        close();
      }}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: THEME.wizardMaxWidth, width: '100%' } } }}
      aria-labelledby="wizard-title"
    >
      <DialogTitle id="wizard-title">{state.fixedPublicationId !== null ? W.titleExisting : W.titleNew}</DialogTitle>
      <DialogContent dividers>
        <StepIndicator step={state.step} />
        {state.error ? (
          <p className="form-error" role="alert">
            {state.error}
          </p>
        ) : null}
        {state.step === 1 ? step1 : state.step === 2 ? step2 : preview ? previewView : scanning}
      </DialogContent>
      <DialogActions className="wizard-actions">{actions}</DialogActions>
    </Dialog>
  );
}

