import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type KeyboardEvent } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import {
  EditBase,
  useDataProvider,
  useGetManyReference,
  useNotify,
  useRecordContext,
  useSaveContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { MAX_POEM_IDS, type OverwroteNewer, type Poem, type Publication } from '../../../contracts/catalog.js';
import { useUndoNotify, versionBefore } from '../history/use-undo-notify.js';
import { ArchiveButton } from '../layout/archive-button.js';
import { PagePhoto } from '../poems/page-photo.js';
import { PoemDialog, PoemFields } from '../poems/poem-dialog.js';
import { PoemStatusActions, statusOf } from '../poems/poem-status.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { detailPath } from '../publications/publication-card.js';
import { useRefreshCatalog } from '../publications/use-publication-actions.js';
import { ProofreadingProvider } from './proofreading-context.js';

/** The book's poems in reading order (the detail page's own list, so it is read once). */
function useBookPoems(publication: Publication) {
  return useGetManyReference<Poem>('poems', {
    target: 'publication_id',
    id: publication.id,
    sort: { field: 'position', order: 'ASC' },
    pagination: { page: 1, perPage: MAX_POEM_IDS },
  }).data;
}

/**
 * /admin/publication/{ref}/proofread: opens the book where this curator stopped (the server keeps
 * each curator's place), else at its first poem not yet proofread.
 */
export function ProofreadStart({ publication }: { publication: Publication }) {
  const dp = useDataProvider<ArchiveDataProvider>();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data, error } = useQuery({
    queryKey: ['poems', 'proofreading-place', publication.id],
    queryFn: () => dp.getProofreadingPlace(publication.id),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (data) navigate(String(data), { replace: true });
    else if (data === null || error) {
      notify(error ? 'archive.proofread_book.open_failed' : 'archive.proofread_book.no_poems', { type: error ? 'error' : 'info' });
      navigate(detailPath(publication), { replace: true });
    }
  }, [data, error, navigate, notify, publication]);
  return null;
}

/**
 * Save and next: the text saved if it was changed, a poem As scanned marked Proofread (going
 * through it here is proofreading it), then the next poem. From the keyboard with Ctrl+Enter.
 */
function SaveAndNext({ next, onDone, last }: { next: () => void; onDone: (poem: Poem) => Promise<void>; last: boolean }) {
  const translate = useTranslate();
  const { handleSubmit } = useFormContext();
  // Read while rendering, so the form reports it (its formState is a proxy that only tracks what is read).
  const { isDirty } = useFormState();
  const { save, saving } = useSaveContext();
  const poem = useRecordContext<Poem>();
  const notifySaved = useUndoNotify();
  const run = handleSubmit(async (values) => {
    if (!poem || !save) return;
    if (!isDirty) {
      await onDone(poem);
      return next();
    }
    await save(values, {
      onSuccess: async (saved: Poem & OverwroteNewer) => {
        notifySaved('archive.notify.poem_updated', { kind: 'poem', id: saved.id, revision: versionBefore(poem) }, saved);
        await onDone(saved);
        next();
      },
    });
  });
  return (
    <ArchiveButton data-save-next onClick={() => void run()} loading={saving} aria-keyshortcuts="Control+Enter">
      {translate(last ? 'archive.proofread_book.save_finish' : 'archive.proofread_book.save_next')}
    </ArchiveButton>
  );
}

/**
 * Proofread this book (/admin/publication/{ref}/proofread/{poem id}): its poems in reading order,
 * one at a time beside its page photo with the reading's marks (as in Edit Poem), Previous and
 * Next, and Save and next. Each poem opened is kept as this curator's place in the book.
 */
export function ProofreadPoem({ publication }: { publication: Publication }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const refresh = useRefreshCatalog();
  const { poemId = '' } = useParams();
  const poems = useBookPoems(publication);
  const index = poems?.findIndex((p) => String(p.id) === poemId) ?? -1;
  const back = detailPath(publication);
  const close = () => navigate(back);
  const go = (id: Identifier) => navigate(`../${id}`, { relative: 'path' });
  const after = poems?.[index + 1];
  const next = () => {
    if (after) return go(after.id);
    notify('archive.proofread_book.finished', { type: 'success' });
    close();
  };

  // This poem is now where the curator stopped; a failure only costs the place, never the work.
  useEffect(() => {
    if (poemId) dp.keepProofreadingPlace(publication.id, poemId).catch(() => undefined);
  }, [dp, publication.id, poemId]);

  /** A poem gone through here, As scanned, is proofread now. */
  const markProofread = async (poem: Poem) => {
    if (statusOf(poem) === 'as_scanned') {
      try {
        await dp.setPoemStatus(poem.id, 'proofread');
      } catch (err) {
        notify('archive.proofreading.mark_failed', { type: 'error', messageArgs: { error: (err as Error).message } });
      }
    }
    await refresh();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
    e.preventDefault();
    // The dialog is in a portal: its keys reach here through React's tree, its button by the document.
    document.querySelector<HTMLButtonElement>('[role="dialog"] [data-save-next]')?.click();
  };

  if (!poems) return null;
  if (index < 0) {
    // A poem no longer in the book (deleted, moved): start again from this curator's place.
    return <ProofreadStart publication={publication} />;
  }
  const heading = (
    <>
      {translate('archive.proofread_book.title', { title: publication.title })}
      <Typography component="span" color="text.secondary" sx={{ ml: 2 }}>
        {translate('archive.proofread_book.position', { n: index + 1, count: poems.length })}
      </Typography>
    </>
  );
  return (
    <EditBase key={poemId} resource="poems" id={poemId} mutationMode="pessimistic" error={false} redirectOnError={false}>
      <ProofreadingProvider poemId={poemId}>
        <div onKeyDown={onKeyDown}>
          <PoemDialog
            titleKey="archive.proofread_book.open"
            title={heading}
            saveKey="archive.proofread_book.save_next"
            onClose={close}
            fullScreen
            aside={<PagePhoto poemId={poemId} />}
            actions={
              <>
                <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto', pl: 1 }}>
                  {translate('archive.proofread_book.keys')}
                </Typography>
                <ArchiveButton variant="ghost" onClick={close}>
                  {translate('archive.proofread_book.close')}
                </ArchiveButton>
                <ArchiveButton variant="outline" disabled={index === 0} onClick={() => go(poems[index - 1]!.id)}>
                  {translate('archive.proofread_book.previous')}
                </ArchiveButton>
                <ArchiveButton variant="outline" disabled={!after} onClick={() => after && go(after.id)}>
                  {translate('archive.proofread_book.next')}
                </ArchiveButton>
                <SaveAndNext next={next} onDone={markProofread} last={!after} />
              </>
            }
          >
            <PoemStatusActions />
            <PoemFields bookLanguage={publication.language} />
          </PoemDialog>
        </div>
      </ProofreadingProvider>
    </EditBase>
  );
}
