import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { PoemSnapshot, PublicationSnapshot } from '../../../contracts/history.js';
import { languageName } from '../../../contracts/language.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { useRefreshCatalog } from '../publications/use-publication-actions.js';
import { HistoryView, type VersionField } from './history-view.js';
import { ArchiveButton } from '../layout/archive-button.js';

const poemFields = (s: PoemSnapshot): VersionField[] => [
  { key: 'title', text: s.title },
  { key: 'body', text: s.body },
  { key: 'notes', text: s.notes },
];

const publicationFields = (s: PublicationSnapshot): VersionField[] => [
  { key: 'title', text: s.title },
  { key: 'authors', text: s.authors.join('\n') },
  { key: 'publisher', text: s.publisher },
  { key: 'publication_date', text: s.publication_date },
  { key: 'isbn', text: s.isbn },
  { key: 'notes', text: s.notes },
  { key: 'language', text: s.language ? languageName(s.language) : '' },
  { key: 'status', text: s.status },
  { key: 'trash', text: s.deleted_at ? 'yes' : 'no' },
  { key: 'poems', text: s.poems.map((p) => p.title).join('\n') },
];

function Status({ error }: { error: unknown }) {
  const translate = useTranslate();
  return error ? (
    <Alert severity="error" role="alert">
      {translate('archive.history.load_failed')}
    </Alert>
  ) : (
    <Typography color="text.secondary">{translate('archive.history.loading')}</Typography>
  );
}

/** After a restore: the history, the book and its poems are read again. */
function useAfterRestore(key: unknown[]) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCatalog();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await refresh();
  };
}

/** /admin/publication/{ref}/poems/{id}/history: a poem's versions, compared and restored. */
export function PoemHistoryScreen() {
  const { id = '', poemId = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const dp = useDataProvider<ArchiveDataProvider>();
  const key = ['history', 'poem', poemId];
  const { data, error } = useQuery({ queryKey: key, queryFn: () => dp.getPoemHistory(poemId), retry: false });
  const after = useAfterRestore(key);
  if (!data) return <Status error={error} />;
  const title = data.revisions.at(-1)?.snapshot.title ?? '';
  return (
    <HistoryView
      heading={translate('archive.history.poem_title', { title })}
      back={`/admin/publication/${encodeURIComponent(id)}`}
      revisions={data.revisions}
      current={data.current}
      fieldsOf={poemFields}
      restorable={(r) => !r.snapshot.deleted}
      onRestore={async (revision) => {
        try {
          await dp.restorePoemRevision(poemId, revision);
          notify(translate('archive.history.restored', { revision }), { type: 'success' });
        } catch {
          notify('archive.history.restore_failed', { type: 'error' });
        }
        await after();
      }}
    />
  );
}

/** /admin/publication/{ref}/history: a book's versions (details, status, trash, order) and its deleted poems. */
export function PublicationHistoryScreen() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const dp = useDataProvider<ArchiveDataProvider>();
  const key = ['history', 'publication', id];
  const { data, error } = useQuery({ queryKey: key, queryFn: () => dp.getPublicationHistory(id), retry: false });
  const after = useAfterRestore(key);
  if (!data) return <Status error={error} />;
  const title = data.revisions.at(-1)?.snapshot.title ?? '';
  const restorePoem = async (poemId: number, revision: number, poemTitle: string) => {
    try {
      await dp.restorePoemRevision(poemId, revision);
      notify(translate('archive.history.poem_restored', { title: poemTitle }), { type: 'success' });
    } catch {
      notify('archive.history.restore_failed', { type: 'error' });
    }
    await after();
  };
  return (
    <HistoryView
      heading={translate('archive.history.publication_title', { title })}
      back={`/admin/publication/${encodeURIComponent(id)}`}
      revisions={data.revisions}
      current={data.current}
      fieldsOf={publicationFields}
      restorable={() => true}
      onRestore={async (revision) => {
        try {
          await dp.restorePublicationRevision(id, revision);
          notify(translate('archive.history.restored', { revision }), { type: 'success' });
        } catch {
          notify('archive.history.restore_failed', { type: 'error' });
        }
        await after();
      }}
    >
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="deleted-poems-heading">
        <Typography id="deleted-poems-heading" component="h2" variant="h5" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('archive.history.deleted_poems')}
        </Typography>
        {data.deleted_poems.length === 0 ? (
          <Typography color="text.secondary">{translate('archive.history.no_deleted_poems')}</Typography>
        ) : (
          <List aria-labelledby="deleted-poems-heading">
            {data.deleted_poems.map((p) => (
              <ListItem
                key={p.id}
                secondaryAction={
                  <ArchiveButton size="sm" variant="outline" onClick={() => void restorePoem(p.id, p.restorable_revision, p.title)}>
                    {translate('archive.history.restore_poem', { title: p.title })}
                  </ArchiveButton>
                }
              >
                <span>
                  <bdi>{p.title}</bdi> (
                  {translate('archive.history.deleted_on', {
                    date: new Date(p.deleted_at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
                  })}
                  {p.username ? `, ${translate('archive.history.by', { name: p.username })}` : ''})
                </span>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
    </HistoryView>
  );
}
