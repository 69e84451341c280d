import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/Edit';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HistoryIcon from '@mui/icons-material/History';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { FunctionField, ShowBase, SimpleShowLayout, SimpleShowLayoutClasses, TextField, useShowContext, useTranslate } from 'react-admin';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import type { Publication } from '../../../contracts/catalog.js';
import { serverField } from '../../../contracts/errors.js';
import { languageName } from '../../../contracts/language.js';
import { BookImportPanel, IMPORT_ROUTE } from '../book-import/book-import-panel.js';
import { authorsText, formatLongDate } from '../../../contracts/format.js';
import { lazyScreen } from '../layout/chunk-reload.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import { usePageTitle } from '../layout/page-title.js';
import { poetName } from '../layout/poet-name.js';
import { PoemCreate, PoemEdit, PublicationPoems } from '../poems/index.js';
import { ProofreadingProgress, PublishToggleButton, publicPath } from './publication-card.js';
import { ReprocessButton, UnscannedPagesNotice, useUnscannedPages } from './reprocess-button.js';
import { StatusBadge } from './status-badge.js';
import { PROOFREAD_ROUTE } from '../proofreading/proofread-route.js';
import { usePublicationActions, useRefreshCatalog } from './use-publication-actions.js';
import { usePublicationIdFromRoute } from './use-publication-ref.js';
import { ArchiveButton } from '../layout/archive-button.js';

// The wizard's code loads only when a curator opens it.
const CreationWizard = lazyScreen(() => import('../wizard/creation-wizard.js').then((m) => ({ default: m.CreationWizard })));
const ProofreadStart = lazyScreen(() => import('../proofreading/proofread-book.js').then((m) => ({ default: m.ProofreadStart })));
const ProofreadPoem = lazyScreen(() => import('../proofreading/proofread-book.js').then((m) => ({ default: m.ProofreadPoem })));
const BookImportDialog = lazyScreen(() => import('../book-import/book-import-dialog.js').then((m) => ({ default: m.BookImportDialog })));

/** The detail page's failures: 'Error: ' and the server's error field, else the spec's text. */
function useDetailFailure() {
  const translate = useTranslate();
  return useCallback(
    (err: unknown, fallbackKey: string) =>
      translate('archive.notify.error_prefix', { message: serverField(err, 'error') ?? translate(fallbackKey) }),
    [translate],
  );
}

function BackLink() {
  return (
    <ArchiveButton variant="ghost" component={Link} to="/admin" startIcon={<ArrowBackIcon />}>
      {useTranslate()('archive.detail.back')}
    </ArchiveButton>
  );
}

/** 'Error Loading Publication' with the server's error, else the message, else the spec's text. */
function LoadError({ error }: { error: unknown }) {
  const translate = useTranslate();
  const message =
    serverField(error, 'error') ?? (error instanceof Error && error.message ? error.message : translate('archive.detail.load_failed'));
  return (
    <Alert severity="error" role="alert" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle component="h1" variant="h5">
        {translate('archive.detail.load_error_title')}
      </AlertTitle>
      <p>{message}</p>
      <BackLink />
    </Alert>
  );
}

function Loading() {
  return <Typography color="text.secondary">{useTranslate()('archive.detail.loading')}</Typography>;
}

function ShowLoadError() {
  return <LoadError error={useShowContext().error} />;
}

/** The scanning wizard tied to this publication ('Add New Poems'). */
function ScanWizard({ publication }: { publication: Publication }) {
  const navigate = useNavigate();
  const refresh = useRefreshCatalog();
  const close = () => {
    void refresh();
    navigate('..', { relative: 'path' });
  };
  return <CreationWizard open publicationId={publication.id} onClose={close} onComplete={close} />;
}

function PublicationDetail() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { record } = useShowContext<Publication>();
  const failureText = useDetailFailure();
  const actions = usePublicationActions(failureText);
  usePageTitle(record?.title);
  const unscanned = useUnscannedPages(record);
  if (!record) return <Loading />;
  const published = record.status === 'published' && !record.deleted_at;
  const notSet = translate('archive.detail.not_set');

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap', gap: 1 }}>
        <BackLink />
        {published ? (
          <ArchiveButton variant="outline" href={publicPath(record)} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
            {translate('archive.detail.view_public_site')}
          </ArchiveButton>
        ) : null}
      </Stack>
      <Paper variant="outlined" sx={{ p: 3, mb: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
            <bdi>{record.title}</bdi>
          </Typography>
          <StatusBadge publication={record} />
        </Stack>
        <Box sx={{ mt: -1, mb: 2 }}>
          <ProofreadingProgress publication={record} />
        </Box>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
          {record.deleted_at ? null : <PublishToggleButton publication={record} onToggle={actions.togglePublish} />}
          {record.poem_count > 0 && !record.deleted_at ? (
            <ArchiveButton variant="outline" component={Link} to={PROOFREAD_ROUTE} startIcon={<FactCheckIcon />}>
              {translate('archive.proofread_book.open')}
            </ArchiveButton>
          ) : null}
          <ArchiveButton variant="outline" component={Link} to="edit" startIcon={<EditIcon />}>
            {translate('archive.action.edit_details')}
          </ArchiveButton>
          <ArchiveButton variant="outline" component={Link} to="history" startIcon={<HistoryIcon />}>
            {translate('archive.history.open')}
          </ArchiveButton>
          {/* With pages left unread, Reprocess stands in the notice that says so. */}
          {unscanned?.unscanned ? null : <ReprocessButton publication={record} />}
          {record.deleted_at ? null : (
            // Soft, as on the dashboard: the confirm says where the book goes and how it comes back.
            <ConfirmButton
              variant="danger"
              label={translate('archive.detail.delete_publication')}
              confirmTitle="archive.confirm.trash_detail_title"
              confirmContent="archive.confirm.trash"
              confirmArgs={{ smart_count: 1 }}
              onConfirm={() => actions.moveToTrash(record, () => navigate('/admin'), 'archive.notify.deleted')}
            />
          )}
        </Stack>
        {/* The fields wrap onto more rows on a narrow screen: react-admin puts them in an inner Stack
            (its "stack" class), which is the one that must wrap, spaced by gaps so a wrapped row starts
            flush. */}
        <SimpleShowLayout
          direction="row"
          spacing={3}
          useFlexGap
          sx={{ px: 0, [`& .${SimpleShowLayoutClasses.stack}`]: { flexWrap: 'wrap', rowGap: 2 } }}
        >
          <FunctionField source="authors" render={(p: Publication) => authorsText(p.authors, poetName())} />
          <TextField source="publisher" emptyText={notSet} />
          <TextField source="publication_date" emptyText={notSet} />
          <TextField source="isbn" emptyText={notSet} />
          <FunctionField source="language" render={(p: Publication) => languageName(p.language)} />
          <FunctionField label="archive.detail.created" render={(p: Publication) => formatLongDate(p.created_at)} />
          <FunctionField label="archive.detail.updated" render={(p: Publication) => formatLongDate(p.updated_at)} />
          <TextField source="notes" emptyText={notSet} sx={{ whiteSpace: 'pre-wrap' }} />
        </SimpleShowLayout>
      </Paper>
      <UnscannedPagesNotice publication={record} pages={unscanned} />
      {record.deleted_at ? null : <BookImportPanel publication={record} />}
      <Box component="section" aria-labelledby="poems-heading">
        <Paper variant="outlined" sx={{ p: 3 }}>
          <PublicationPoems publication={record} failureText={failureText} />
        </Paper>
      </Box>
      <Routes>
        <Route path="poems/create" element={<PoemCreate publication={record} />} />
        <Route path="poems/:poemId" element={<PoemEdit publication={record} />} />
        <Route path="scan" element={<ScanWizard publication={record} />} />
        <Route path={PROOFREAD_ROUTE} element={<ProofreadStart publication={record} />} />
        <Route path={`${PROOFREAD_ROUTE}/:poemId`} element={<ProofreadPoem publication={record} />} />
        <Route path={IMPORT_ROUTE} element={<BookImportDialog publication={record} />} />
      </Routes>
    </>
  );
}

/**
 * The detail page at /admin/publication/{slug or id} (SPEC section 2): react-admin's Show of the
 * publication with its poems, which open their own dialogs (edit, type one in, scan pages).
 */
export function PublicationShow() {
  const { id, error } = usePublicationIdFromRoute();
  if (error) return <LoadError error={error} />;
  if (id === undefined) return <Loading />;
  return (
    <ShowBase
      resource="publications"
      id={id}
      queryOptions={{ retry: false, onError: () => undefined }}
      error={<ShowLoadError />}
      loading={<Loading />}
    >
      <PublicationDetail />
    </ShowBase>
  );
}
