import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  DateInput,
  Edit,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useEditContext,
  useNotify,
  useTranslate,
} from 'react-admin';
import { serverField } from '../../../contracts/errors.js';
import { MEMORIAL_LIMITS as LIMITS, type MemorialSettings } from '../../../contracts/settings.js';
import { usePageTitle } from '../layout/page-title.js';
import { WarnWhenUnsavedChanges } from '../layout/unsaved-changes.js';
import { BiographyInput } from './biography-input.js';
import { PortraitEditor } from './portrait-editor.js';

function Heading() {
  const translate = useTranslate();
  usePageTitle(translate('archive.settings.heading'));
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600 }}>
        {translate('archive.settings.heading')}
      </Typography>
      <Typography color="text.secondary">{translate('archive.settings.intro')}</Typography>
    </Box>
  );
}

function LoadError() {
  const translate = useTranslate();
  const { error } = useEditContext();
  return (
    <Typography role="alert" color="error" sx={{ p: 2 }}>
      {serverField(error, 'error') ?? translate('archive.detail.load_failed')}
    </Typography>
  );
}

function Portrait() {
  const { record } = useEditContext<MemorialSettings>();
  return record ? <PortraitEditor record={record} /> : null;
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%' }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {useTranslate()(title)}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * The memorial in react-admin's Edit on the singleton `settings` resource (id "memorial"): saved
 * when the curator presses Save (pessimistic: the public pages show it once the server has it), and
 * leaving with unsaved changes asks first. The portrait is saved on its own from its crop dialog.
 */
export function MemorialSettingsEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const dates = translate('archive.settings.dates_help');
  return (
    <Edit
      resource="settings"
      id="memorial"
      title={false}
      actions={false}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{ onSuccess: () => notify('archive.settings.saved', { type: 'success' }) }}
      queryOptions={{ onError: () => undefined }}
      error={<LoadError />}
    >
      <Heading />
      <SimpleForm
        warnWhenUnsavedChanges
        WarnWhenUnsavedChangesComponent={WarnWhenUnsavedChanges}
        toolbar={
          // Save alone: the memorial is never deleted.
          <Toolbar sx={{ bgcolor: 'background.paper' }}>
            <SaveButton />
          </Toolbar>
        }
      >
        <Box sx={{ width: '100%', maxWidth: 720 }}>
          <Portrait />
          <Group title="archive.settings.poet">
            <TextInput source="poet_name" validate={[required(), maxLength(LIMITS.poet_name)]} fullWidth />
            <TextInput source="poet_title" validate={maxLength(LIMITS.poet_title)} fullWidth />
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <DateInput source="birth_date" helperText={dates} />
              <DateInput source="death_date" helperText={dates} />
            </Box>
            <BiographyInput />
          </Group>
          <Group title="archive.settings.site">
            <TextInput source="site_name" validate={[required(), maxLength(LIMITS.site_name)]} fullWidth />
            <TextInput source="hero_text" validate={maxLength(LIMITS.hero_text)} multiline fullWidth />
            <TextInput source="footer_credit" validate={maxLength(LIMITS.footer_credit)} multiline fullWidth />
          </Group>
        </Box>
      </SimpleForm>
    </Edit>
  );
}
