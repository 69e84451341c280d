import { EditBase } from 'react-admin';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { OverwroteNewer, Poem, Publication } from '../../../contracts/catalog.js';
import { useUndoNotify, versionBefore } from '../history/use-undo-notify.js';
import { detailPath } from '../publications/publication-card.js';
import { useRefreshCatalog } from '../publications/use-publication-actions.js';
import { CaretAtLine } from './caret-at-line.js';
import { PagePhoto } from './page-photo.js';
import { PoemDialog, PoemFields } from './poem-dialog.js';
import { PoemStatusActions } from './poem-status.js';
import { PoemRecordings } from './poem-recordings.js';
import { ProofreadingProvider } from '../proofreading/proofreading-context.js';
import { UnsavedElsewhereProvider } from '../layout/unsaved-elsewhere.js';

/**
 * Edit Poem, over the detail page (/admin/publication/{ref}/poems/{id}): the page photograph beside
 * the text, as in the wizard, tied line by line where the scan placed them, with the words it
 * doubted marked (proofreading/). Save sends the edit at once (pessimistic: nothing waits on the
 * notification, so leaving or reloading loses nothing); the notification's Undo restores the
 * version it replaced from the history.
 */
export function PoemEdit({ publication }: { publication: Publication }) {
  const { poemId = '' } = useParams();
  // A reader's report opens the editor at its line (?line=N).
  const line = Number(useSearchParams()[0].get('line')) || null;
  const navigate = useNavigate();
  const refresh = useRefreshCatalog();
  const notifySaved = useUndoNotify();
  const back = detailPath(publication);
  const close = () => navigate(back);
  return (
    <EditBase
      resource="poems"
      id={poemId}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (data: unknown, variables: unknown) => {
          const saved = data as Poem & OverwroteNewer;
          const before = (variables as { previousData?: Poem }).previousData;
          notifySaved('archive.notify.poem_updated', { kind: 'poem', id: saved.id, revision: versionBefore(before ?? {}) }, saved);
          void refresh();
          close();
        },
      }}
      error={false}
      redirectOnError={() => back.replace(/^\/admin\//, '')}
    >
      <ProofreadingProvider poemId={poemId}>
        {/* A reading recorded under Recordings and not kept is asked for on leaving, as typed changes are. */}
        <UnsavedElsewhereProvider>
          <PoemDialog titleKey="archive.poem.edit_title" saveKey="archive.poem.save" onClose={close} aside={<PagePhoto poemId={poemId} />}>
            <PoemStatusActions />
            <PoemFields bookLanguage={publication.language} />
            <CaretAtLine line={line} />
            <PoemRecordings poemId={poemId} />
          </PoemDialog>
        </UnsavedElsewhereProvider>
      </ProofreadingProvider>
    </EditBase>
  );
}
