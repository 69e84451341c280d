import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Edit, SaveButton, SelectInput, SimpleForm, TextInput, Toolbar, useEditContext, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { OverwroteNewer, Publication } from '../../../contracts/catalog.js';
import { useUndoNotify, versionBefore } from '../history/use-undo-notify.js';
import { useRefreshCatalog } from './use-publication-actions.js';
import { serverField } from '../../../contracts/errors.js';
import { useLanguageChoices } from '../languages/use-language-choices.js';
import { AuthorsInput } from './authors-input.js';
import { ConfirmUnsavedChanges } from '../layout/confirm-unsaved-changes.js';
import { KeepUnsavedText } from '../layout/keep-unsaved-text.js';
import { usePageTitle } from '../layout/page-title.js';
import { PUBLICATION_VALIDATION as RULES, publicationPayload } from './publication-validation.js';
import { IsolatedMessage } from '../layout/isolated-text.js';
import { usePublicationIdFromRoute } from './use-publication-ref.js';
import { ArchiveButton } from '../layout/archive-button.js';

function EditHeading() {
  const translate = useTranslate();
  const { record } = useEditContext<Publication>();
  usePageTitle(record ? translate('archive.edit.heading', { title: record.title }) : undefined);
  return (
    <Typography component="h1" variant="h4" sx={{ fontWeight: 600, px: 2, pt: 2 }}>
      <IsolatedMessage message="archive.edit.heading" values={{ title: record?.title ?? '' }} />
    </Typography>
  );
}

/** The languages the archive reads, and the book's own when it was set to another tag. */
function LanguageInput() {
  const { record } = useEditContext<Publication>();
  return <SelectInput source="language" choices={useLanguageChoices(record?.language)} validate={RULES.language} fullWidth />;
}

function EditToolbar({ back }: { back: string }) {
  return (
    <Toolbar sx={{ gap: 1, bgcolor: 'background.paper' }}>
      <SaveButton label="archive.poem.save" />
      <ArchiveButton variant="ghost" component={Link} to={back}>
        {useTranslate()('archive.poem.cancel')}
      </ArchiveButton>
    </Toolbar>
  );
}

function EditLoadError() {
  const translate = useTranslate();
  const { error } = useEditContext();
  return (
    <Typography role="alert" color="error" sx={{ p: 2 }}>
      {serverField(error, 'error') ?? translate('archive.detail.load_failed')}
    </Typography>
  );
}

/**
 * Every field of a publication in react-admin's SimpleForm, checked as the API checks them, saved
 * with PUT /publications/{id}/ when Save is pressed (its Undo restores the replaced version from the
 * history), then back to the detail page. Leaving with unsaved changes asks first.
 */
export function PublicationEdit() {
  const translate = useTranslate();
  const { ref, id, error } = usePublicationIdFromRoute();
  const navigate = useNavigate();
  const refresh = useRefreshCatalog();
  const notifySaved = useUndoNotify();
  const back = `/admin/publication/${encodeURIComponent(ref)}`;
  if (error) return <Typography role="alert">{serverField(error, 'error') ?? translate('archive.detail.load_failed')}</Typography>;
  if (id === undefined) return <Typography color="text.secondary">{translate('archive.detail.loading')}</Typography>;
  return (
    <Edit
      resource="publications"
      id={id}
      title={false}
      actions={false}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (saved: Publication & OverwroteNewer, variables: unknown) => {
          const before = (variables as { previousData?: Publication }).previousData;
          notifySaved(
            'archive.notify.publication_updated',
            { kind: 'publication', id: saved.id, revision: versionBefore(before ?? {}) },
            saved,
          );
          void refresh();
          navigate(back);
        },
      }}
      transform={publicationPayload}
      queryOptions={{ onError: () => undefined }}
      error={<EditLoadError />}
    >
      <EditHeading />
      <SimpleForm toolbar={<EditToolbar back={back} />} warnWhenUnsavedChanges WarnWhenUnsavedChangesComponent={ConfirmUnsavedChanges}>
        <Box sx={{ width: '100%', maxWidth: 720 }}>
          <KeepUnsavedText resource="publications" />
          <TextInput source="title" validate={RULES.title} fullWidth />
          <AuthorsInput validate={RULES.authors} helperText={translate('archive.edit.authors_help')} fullWidth />
          <TextInput source="publisher" validate={RULES.publisher} fullWidth />
          <TextInput
            source="publication_date"
            validate={RULES.publication_date}
            helperText={translate('archive.wizard.fields.publication_date_help')}
            fullWidth
          />
          <TextInput source="isbn" validate={RULES.isbn} fullWidth />
          <LanguageInput />
          <TextInput source="notes" validate={RULES.notes} multiline minRows={3} fullWidth />
        </Box>
      </SimpleForm>
    </Edit>
  );
}
