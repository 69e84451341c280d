import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { Publication } from '../../../../contracts/catalog.js';
import { adminListQueryOptions } from '../../providers/query-client.js';
import { ImageDropZone } from '../image-drop-zone.js';
import type { WizardMode } from '../wizard.machine.js';
import { WizardStepLayout, type WizardStepProps } from './wizard-step.js';
import { ArchiveButton } from '../../layout/archive-button.js';

/**
 * Step 1, Metadata Extraction: photos of the cover, title and copyright pages for the AI, an
 * existing publication to add poems to, or the form typed in by hand.
 */
export function MetadataStep({ state, dispatch, actions, close }: WizardStepProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: publications = [] } = useGetList<Publication>(
    'publications',
    { filter: {}, pagination: { page: 1, perPage: 1000 }, sort: { field: 'created_at', order: 'DESC' } },
    adminListQueryOptions,
  );
  const selected = publications.find((p) => p.id === state.selectedExistingId);
  const extracting = state.busy === 'extracting';

  const continueExisting = () => {
    if (!selected) return notify('archive.validation.select_existing', { type: 'warning' });
    dispatch({ type: 'EXISTING_CONTINUED', publication: selected });
  };

  const buttons = (
    <>
      <ArchiveButton variant="ghost" onClick={close}>
        {translate('archive.wizard.cancel')}
      </ArchiveButton>
      {state.mode === 'ai' ? (
        <ArchiveButton variant="primary" onClick={() => void actions.extract()} loading={extracting}>
          {translate('archive.wizard.extract')}
        </ArchiveButton>
      ) : state.mode === 'existing' ? (
        <ArchiveButton variant="primary" onClick={continueExisting}>
          {translate('archive.wizard.continue_existing')}
        </ArchiveButton>
      ) : (
        <ArchiveButton variant="primary" onClick={() => dispatch({ type: 'MANUAL_CHOSEN' })}>
          {translate('archive.wizard.manual')}
        </ArchiveButton>
      )}
    </>
  );

  return (
    <WizardStepLayout state={state} buttons={buttons}>
      <Stack spacing={2}>
        <RadioGroup
          name="wizard-mode"
          value={state.mode}
          onChange={(e) => dispatch({ type: 'MODE_SELECTED', mode: e.target.value as WizardMode })}
          aria-label={translate('archive.wizard.how_to_start')}
        >
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
            disabled={extracting}
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
                {translate(p.publisher ? 'archive.wizard.existing_option_publisher' : 'archive.wizard.existing_option', {
                  title: p.title,
                  publisher: p.publisher,
                  smart_count: p.poem_count,
                })}
              </option>
            ))}
          </TextField>
        ) : null}
        {extracting ? (
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
    </WizardStepLayout>
  );
}
