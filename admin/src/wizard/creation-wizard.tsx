import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { Confirm, useDataProvider, useGetList, useLogout, useNotify, useTranslate } from 'react-admin';
import type { Publication } from '../../../contracts/catalog.js';
import { THEME, WIZARD_SCROLL_DELAYS_MS } from '../constants.js';
import { PagePhoto } from '../poems/page-photo.js';
import { POEM_TEXT_STYLE, untab } from '../poems/poem-text.js';
import { LOGIN_PATH } from '../providers/auth-provider.js';
import { initCsrfToken } from '../providers/csrf.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { adminListQueryOptions } from '../providers/query-client.js';
import { ImageDropZone } from './image-drop-zone.js';
import { StepIndicator } from './step-indicator.js';
import { actionFailure, createFailure, metadataException, metadataNonSuccess, scanFailure, type Outcome } from './wizard-errors.js';
import { canFinish, canStartOver, closeConfirmation, initialWizardState, inPreview, wizardReducer, type WizardMode } from './wizard.machine.js';

export interface CreationWizardProps {
  open: boolean;
  /** Opened for an existing publication ('Add New Poems'): starts at step 3. */
  publicationId?: number | null;
  onClose: () => void;
  /** Save Draft or Publish finished the flow for this publication. */
  onComplete: (publicationId: number) => void;
}

type Pending = { title: string; content: string; args?: Record<string, unknown>; run: () => void } | null;

/**
 * The creation wizard of SPEC sections 2 and 4, a dialog with three steps. react-admin's WizardForm
 * is not in its open-source edition, so the steps are the archive's own reducer (wizard.machine.ts);
 * this component renders its state and does the calls around it, telling the admin through
 * react-admin's notifications and Confirm dialogs.
 */
export function CreationWizard({ open, publicationId = null, onClose, onComplete }: CreationWizardProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const dp = useDataProvider<ArchiveDataProvider>();
  const [state, dispatch] = useReducer(wizardReducer, publicationId, initialWizardState);
  const [pending, setPending] = useState<Pending>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const scanAbort = useRef<AbortController | null>(null);
  const preview = inPreview(state);
  const current = preview ? state.poems[state.currentPoem] : null;
  const existingMode = state.fixedPublicationId !== null || state.mode === 'existing';
  const fail = (message: string) => notify(message, { type: 'error', autoHideDuration: 8000 });

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
      if (target && (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.isContentEditable)) return;
      if (e.key === 'ArrowRight') dispatch({ type: 'NEXT_POEM' });
      if (e.key === 'ArrowLeft') dispatch({ type: 'PREVIOUS_POEM' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, preview]);

  /** 401/403 during extraction or scanning: the spec's message, then the login page. */
  const toLogin = (outcome: Outcome) => {
    fail(outcome.message);
    void logout({}, LOGIN_PATH);
  };

  const closeNow = useCallback(() => {
    scanAbort.current?.abort();
    dispatch({ type: 'CLOSED' });
    onClose();
  }, [onClose]);

  const close = () => {
    const confirm = closeConfirmation(state);
    if (!confirm) return closeNow();
    setPending({ title: 'archive.confirm.close_title', content: confirm.key, args: confirm.args, run: closeNow });
  };

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

  const continueExisting = () => {
    const chosen = publications.find((p) => p.id === state.selectedExistingId);
    if (!chosen) return notify('archive.validation.select_existing', { type: 'warning' });
    dispatch({ type: 'EXISTING_CONTINUED', publication: chosen });
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
  const saveEdits = async (): Promise<number> => {
    const dirty = state.poems.filter((p) => p.dirty);
    for (const poem of dirty) {
      await dp.update('poems', { id: poem.id, data: { title: poem.title, body: poem.body, notes: poem.notes }, previousData: { id: poem.id } });
    }
    dispatch({ type: 'POEMS_SAVED' });
    return dirty.length;
  };

  const deletePoem = async () => {
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

  const busy = state.busy;
  const working = busy !== null;
  const selected = publications.find((p) => p.id === state.selectedExistingId);
  const progress = state.scanProgress;
  const percent = progress && progress.pagesTotal ? Math.round((progress.pagesDone / progress.pagesTotal) * 100) : 0;
  const field = (key: keyof typeof state.form & string) => ({
    label: translate(`archive.wizard.fields.${key}`),
    value: state.form[key] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => dispatch({ type: 'FIELD_CHANGED', field: key as Exclude<keyof typeof state.form, 'authors'>, value: e.target.value }),
    fullWidth: true,
    margin: 'dense' as const,
  });

  const step1 = (
    <Stack spacing={2}>
      <RadioGroup name="wizard-mode" value={state.mode} onChange={(e) => dispatch({ type: 'MODE_SELECTED', mode: e.target.value as WizardMode })} aria-label={translate('archive.wizard.how_to_start')}>
        <FormControlLabel
          value="ai"
          control={<Radio />}
          label={
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{translate('archive.wizard.ai_mode')}</span>
              <Chip size="small" color="secondary" label={translate('archive.wizard.ai_badge')} />
            </Stack>
          }
        />
        <FormControlLabel value="existing" control={<Radio />} label={translate('archive.wizard.existing_mode')} />
        <FormControlLabel value="manual" control={<Radio />} label={translate('archive.wizard.manual_mode')} />
      </RadioGroup>
      {state.mode === 'ai' ? (
        <ImageDropZone
          testId="metadata-drop-zone"
          images={state.metadataImages}
          onAdd={(images) => dispatch({ type: 'METADATA_IMAGES_ADDED', images })}
          onRemove={(id) => dispatch({ type: 'METADATA_IMAGE_REMOVED', id })}
          label={translate('archive.wizard.metadata_drop')}
          maxMessage={translate('archive.validation.max_metadata_images')}
          disabled={busy === 'extracting'}
        />
      ) : null}
      {state.mode === 'existing' ? (
        <TextField
          select
          label={translate('archive.wizard.select_publication')}
          value={state.selectedExistingId ?? ''}
          onChange={(e) => dispatch({ type: 'EXISTING_SELECTED', id: e.target.value ? Number(e.target.value) : null })}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          fullWidth
        >
          <option value="">{translate('archive.wizard.select_publication')}</option>
          {publications.map((p) => (
            <option key={p.id} value={p.id}>
              {translate(p.publisher ? 'archive.wizard.existing_option_publisher' : 'archive.wizard.existing_option', { title: p.title, publisher: p.publisher, smart_count: p.poem_count })}
            </option>
          ))}
        </TextField>
      ) : null}
      {busy === 'extracting' ? (
        <Box role="status">
          <LinearProgress />
          <Typography sx={{ mt: 1 }}>{translate('archive.wizard.extracting')}</Typography>
        </Box>
      ) : null}
      <Typography variant="body2" color="text.secondary">
        {state.mode === 'existing'
          ? translate('archive.wizard.existing_poems', { smart_count: selected?.poem_count ?? 0 })
          : translate('archive.wizard.attachments', { smart_count: state.metadataImages.length })}
      </Typography>
    </Stack>
  );

  const step2 = (
    <Box component="form" onSubmit={(e) => e.preventDefault()} noValidate>
      {state.metadataExtracted ? (
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {translate('archive.wizard.extracted_banner')}
        </Alert>
      ) : null}
      <TextField {...field('title')} required />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, my: 1 }}>
        <Typography component="legend" variant="subtitle2">
          {translate('archive.wizard.fields.authors')}
        </Typography>
        {state.form.authors.map((author, i) => (
          <Stack direction="row" spacing={1} key={i} sx={{ alignItems: 'center' }}>
            <TextField
              label={translate('archive.wizard.fields.author', { n: i + 1 })}
              value={author}
              onChange={(e) => dispatch({ type: 'AUTHOR_CHANGED', index: i, value: e.target.value })}
              fullWidth
              margin="dense"
            />
            {state.form.authors.length > 1 ? (
              <IconButton aria-label={translate('archive.wizard.fields.remove_author', { n: i + 1 })} onClick={() => dispatch({ type: 'AUTHOR_REMOVED', index: i })}>
                <CloseIcon />
              </IconButton>
            ) : null}
          </Stack>
        ))}
        <Button size="small" startIcon={<AddIcon />} onClick={() => dispatch({ type: 'AUTHOR_ADDED' })}>
          {translate('archive.wizard.fields.add_author')}
        </Button>
      </Box>
      <TextField {...field('publisher')} />
      <TextField {...field('publication_date')} helperText={translate('archive.wizard.fields.publication_date_help')} />
      <TextField {...field('isbn')} />
      <TextField {...field('notes')} multiline minRows={3} />
    </Box>
  );

  const stats = state.scanStats ? (
    <Box component="section" aria-label={translate('archive.wizard.scan_results')} sx={{ bgcolor: '#eff6ff', color: '#1e3a8a', borderRadius: 1, p: 1.5, mb: 2 }}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <strong>{translate('archive.wizard.scan_results')}</strong>
        <span>{translate('archive.wizard.total', { n: state.scanStats.total })}</span>
        <span>{translate('archive.wizard.fresh', { n: state.scanStats.fresh })}</span>
        <span>{translate('archive.wizard.duplicates', { n: state.scanStats.duplicates })}</span>
        {state.scanStats.emptyDropped ? <span>{translate('archive.wizard.empty_dropped', { n: state.scanStats.emptyDropped })}</span> : null}
      </Stack>
      {state.scanStats.continuedList.length ? (
        <ul>
          {state.scanStats.continuedList.map((c) => (
            <li key={c.id}>{translate('archive.wizard.continued', { title: c.title })}</li>
          ))}
        </ul>
      ) : null}
      {state.scanStats.duplicateList.length ? (
        <ul>
          {state.scanStats.duplicateList.map((d, i) => (
            <li key={i}>
              {translate('archive.wizard.duplicate_of', {
                title: d.title,
                matched: d.matched_poem?.title ?? '',
                percent: Math.round(d.similarity * (d.similarity <= 1 ? 100 : 1)),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </Box>
  ) : null;

  const scanning = (
    <Stack spacing={2}>
      {state.publication ? (
        <Typography component="h3" variant="h6">
          <bdi>{state.publication.title}</bdi>
        </Typography>
      ) : null}
      {busy === 'loading' ? <Typography color="text.secondary">{translate('archive.wizard.loading_publication')}</Typography> : null}
      {existingMode && state.publication ? <Alert severity="info">{translate('archive.wizard.duplicate_note', { smart_count: state.publication.poem_count })}</Alert> : null}
      {stats}
      {state.scanStats && state.scanStats.fresh === 0 && canFinish(state) ? <Alert severity="info">{translate(state.scanStats.continuedList.length ? 'archive.wizard.only_continued' : 'archive.wizard.only_duplicates')}</Alert> : null}
      <ImageDropZone
        testId="pages-drop-zone"
        images={state.pageImages}
        onAdd={(images) => dispatch({ type: 'PAGE_IMAGES_ADDED', images })}
        onRemove={(id) => dispatch({ type: 'PAGE_IMAGE_REMOVED', id })}
        label={translate('archive.wizard.pages_drop')}
        maxMessage={translate('archive.validation.max_page_images')}
        disabled={busy === 'scanning'}
      />
      {busy === 'scanning' && progress ? (
        <Box role="status" aria-live="polite">
          <Typography>{translate('archive.wizard.scanning')}</Typography>
          <LinearProgress
            variant={progress.state === 'queued' ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={translate('archive.wizard.scan_progress_label')}
            sx={{ my: 1 }}
          />
          <Typography variant="body2" color="text.secondary" data-testid="scan-progress">
            {progress.state === 'queued' ? translate('archive.wizard.queued') : translate('archive.wizard.scan_progress', { done: progress.pagesDone, total: progress.pagesTotal })}
          </Typography>
        </Box>
      ) : null}
    </Stack>
  );

  const previewView = current ? (
    <Stack spacing={2} ref={previewRef}>
      <Typography component="h3" variant="h6">
        {translate('archive.wizard.preview')}
      </Typography>
      {stats}
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <strong>{translate('archive.wizard.poem_of', { n: state.currentPoem + 1, m: state.poems.length })}</strong>
        <Typography color="text.secondary" component="span">
          {current.page_numbers.length
            ? translate('archive.wizard.pages', { smart_count: current.page_numbers.length, pages: current.page_numbers.join(', ') })
            : translate('archive.wizard.page_unknown')}
        </Typography>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <PagePhoto poemId={current.id} />
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <TextField
            label={translate('archive.wizard.poem_title')}
            value={current.title}
            onChange={(e) => dispatch({ type: 'POEM_EDITED', index: state.currentPoem, title: e.target.value })}
            fullWidth
          />
          <TextField
            label={translate('archive.wizard.poem_body')}
            value={current.body}
            onChange={(e) => dispatch({ type: 'POEM_EDITED', index: state.currentPoem, body: untab(e.target.value) })}
            multiline
            minRows={18}
            fullWidth
            sx={{ '& textarea': POEM_TEXT_STYLE }}
            slotProps={{ htmlInput: { wrap: 'off', spellCheck: false } }}
          />
        </Stack>
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Button variant="outlined" disabled={state.currentPoem === 0} onClick={() => dispatch({ type: 'PREVIOUS_POEM' })}>
          {translate('archive.wizard.previous')}
        </Button>
        <Button variant="outlined" disabled={state.currentPoem >= state.poems.length - 1} onClick={() => dispatch({ type: 'NEXT_POEM' })}>
          {translate('archive.wizard.next')}
        </Button>
      </Stack>
    </Stack>
  ) : null;

  const ask = (title: string, content: string, run: () => void) => setPending({ title, content, run });
  const startOverButton = (
    <Button color="warning" variant="outlined" onClick={() => ask('archive.confirm.start_over_title', 'archive.confirm.start_over', () => void startOver())} disabled={working} loading={busy === 'clearing'}>
      {translate('archive.wizard.start_over')}
    </Button>
  );
  const finishButtons = (
    <>
      <Button variant="outlined" onClick={() => void finish('draft')} disabled={working} loading={busy === 'saving'}>
        {translate('archive.wizard.save_draft')}
      </Button>
      <Button variant="contained" color="success" onClick={() => void finish('publish')} disabled={working} loading={busy === 'publishing'}>
        {translate('archive.wizard.publish')}
      </Button>
    </>
  );

  const actions = (() => {
    if (state.step === 1) {
      return (
        <>
          <Button onClick={close}>{translate('archive.wizard.cancel')}</Button>
          {state.mode === 'ai' ? (
            <Button variant="contained" onClick={() => void extract()} loading={busy === 'extracting'}>
              {translate('archive.wizard.extract')}
            </Button>
          ) : state.mode === 'existing' ? (
            <Button variant="contained" onClick={continueExisting}>
              {translate('archive.wizard.continue_existing')}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => dispatch({ type: 'MANUAL_CHOSEN' })}>
              {translate('archive.wizard.manual')}
            </Button>
          )}
        </>
      );
    }
    if (state.step === 2) {
      return (
        <>
          <Button onClick={() => dispatch({ type: 'BACK' })} disabled={busy === 'creating'}>
            {translate('archive.wizard.back')}
          </Button>
          <Button variant="contained" onClick={() => void create()} disabled={!state.form.title.trim()} loading={busy === 'creating'}>
            {translate(busy === 'creating' ? 'archive.wizard.creating' : 'archive.wizard.create')}
          </Button>
        </>
      );
    }
    if (preview) {
      return (
        <>
          <Button color="error" variant="outlined" onClick={() => ask('archive.confirm.delete_poem_title', 'archive.confirm.delete_poem', () => void deletePoem())} disabled={working} loading={busy === 'deleting'}>
            {translate('archive.wizard.delete_poem')}
          </Button>
          <Button variant="outlined" onClick={() => void scanMore()} disabled={working}>
            {translate('archive.wizard.scan_more')}
          </Button>
          {startOverButton}
          {finishButtons}
        </>
      );
    }
    return (
      <>
        <Button onClick={close}>{translate('archive.wizard.cancel')}</Button>
        {canStartOver(state) ? startOverButton : null}
        {canFinish(state) ? finishButtons : null}
        <Button variant="contained" onClick={() => void scan()} loading={busy === 'scanning'} disabled={!state.publication || busy === 'loading' || (working && busy !== 'scanning')}>
          {translate('archive.wizard.scan')}
        </Button>
      </>
    );
  })();

  return (
    <>
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
        <DialogTitle id="wizard-title">{translate(state.fixedPublicationId !== null ? 'archive.wizard.title_existing' : 'archive.wizard.title_new')}</DialogTitle>
        <DialogContent dividers>
          <StepIndicator step={state.step} />
          {state.error ? (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {state.error}
            </Alert>
          ) : null}
          {state.step === 1 ? step1 : state.step === 2 ? step2 : preview ? previewView : scanning}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{actions}</DialogActions>
      </Dialog>
      <Confirm
        isOpen={pending !== null}
        title={pending?.title ?? ''}
        content={pending?.content ?? ''}
        contentTranslateOptions={pending?.args}
        onConfirm={() => {
          const run = pending?.run;
          setPending(null);
          run?.();
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}
