import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Create, PasswordInput, SimpleForm, TextInput, maxLength, required, useNotify, useRedirect, useTranslate } from 'react-admin';
import { CURATOR_LIMITS as LIMITS, type Curator } from '../../../contracts/curators.js';
import { usePageTitle } from '../layout/page-title.js';
import { WarnWhenUnsavedChanges } from '../layout/unsaved-changes.js';
import { PASSWORD_RULES } from './curator-list.js';

/** A new curator with the password they will sign in with (told them in person); back to the list once added. */
export function CuratorCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  usePageTitle(translate('archive.curators.add_title'));
  return (
    <Create
      resource="curators"
      title={false}
      mutationOptions={{
        onSuccess: (curator: Curator) => {
          notify('archive.curators.added', { type: 'success', messageArgs: { username: curator.username } });
          redirect('list', 'curators');
        },
      }}
    >
      <Typography component="h1" variant="h4" sx={{ fontWeight: 600, px: 2, pt: 2 }}>
        {translate('archive.curators.add_title')}
      </Typography>
      <SimpleForm warnWhenUnsavedChanges WarnWhenUnsavedChangesComponent={WarnWhenUnsavedChanges}>
        <Box sx={{ width: '100%', maxWidth: 480 }}>
          <TextInput source="username" validate={[required(), maxLength(LIMITS.username)]} fullWidth autoComplete="off" />
          <PasswordInput
            source="password"
            validate={PASSWORD_RULES}
            helperText={translate('archive.curators.password_help', { min: LIMITS.passwordMin })}
            fullWidth
            autoComplete="new-password"
          />
        </Box>
      </SimpleForm>
    </Create>
  );
}
