import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { PublicationFields } from '../../../../contracts/catalog.js';
import { useLanguageChoices } from '../../languages/use-language-choices.js';
import { WizardStepLayout, type WizardStepProps } from './wizard-step.js';
import { ArchiveButton } from '../../layout/archive-button.js';

type TextFieldName = Exclude<keyof PublicationFields, 'authors'>;

/** Step 2, Review & Edit: the publication's details, as extracted or typed in, then Create Publication. */
export function ReviewStep({ state, dispatch, actions }: WizardStepProps) {
  const translate = useTranslate();
  const creating = state.busy === 'creating';
  const languages = useLanguageChoices(state.form.language);
  const field = (key: TextFieldName) => ({
    label: translate(`archive.wizard.fields.${key}`),
    value: state.form[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => dispatch({ type: 'FIELD_CHANGED', field: key, value: e.target.value }),
    fullWidth: true,
    margin: 'dense' as const,
  });

  const buttons = (
    <>
      <ArchiveButton variant="ghost" onClick={() => dispatch({ type: 'BACK' })} disabled={creating}>
        {translate('archive.wizard.back')}
      </ArchiveButton>
      <ArchiveButton variant="primary" onClick={() => void actions.create()} disabled={!state.form.title.trim()} loading={creating}>
        {translate(creating ? 'archive.wizard.creating' : 'archive.wizard.create')}
      </ArchiveButton>
    </>
  );

  return (
    <WizardStepLayout state={state} buttons={buttons}>
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
                <IconButton
                  aria-label={translate('archive.wizard.fields.remove_author', { n: i + 1 })}
                  onClick={() => dispatch({ type: 'AUTHOR_REMOVED', index: i })}
                >
                  <CloseIcon />
                </IconButton>
              ) : null}
            </Stack>
          ))}
          <ArchiveButton size="sm" variant="ghost" startIcon={<AddIcon />} onClick={() => dispatch({ type: 'AUTHOR_ADDED' })}>
            {translate('archive.wizard.fields.add_author')}
          </ArchiveButton>
        </Box>
        <TextField {...field('publisher')} />
        <TextField {...field('publication_date')} helperText={translate('archive.wizard.fields.publication_date_help')} />
        <TextField {...field('isbn')} />
        <TextField {...field('language')} select>
          {languages.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...field('notes')} multiline minRows={3} />
      </Box>
    </WizardStepLayout>
  );
}
