import { CreateBase, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Publication } from '../../../contracts/catalog.js';
import { detailPath } from '../publications/publication-card.js';
import { useRefreshCatalog } from '../publications/use-publication-actions.js';
import { PoemDialog, PoemFields } from './poem-dialog.js';

/** New Poem typed in by hand, over the detail page: it is added after the book's last poem. */
export function PoemCreate({ publication }: { publication: Publication }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefreshCatalog();
  const close = () => navigate(detailPath(publication));
  return (
    <CreateBase
      resource="poems"
      record={{ title: '', body: '', notes: '' }}
      transform={(data) => ({ ...data, publication_id: publication.id })}
      mutationOptions={{
        onSuccess: () => {
          notify('resources.poems.notifications.created', { type: 'success' });
          void refresh();
          close();
        },
      }}
    >
      <PoemDialog titleKey="archive.poem.create_title" saveKey="archive.poem.add" onClose={close}>
        <PoemFields bookLanguage={publication.language} />
      </PoemDialog>
    </CreateBase>
  );
}
