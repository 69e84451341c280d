import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { IMPORT_ROUTE } from '../../book-import/book-import-panel.js';
import { detailPath } from '../../publications/publication-card.js';
import { ImageDropZone } from '../image-drop-zone.js';
import { canFinish, canStartOver } from '../wizard.machine.js';
import { FinishButtons, StartOverButton } from './finish-buttons.js';
import { ScanResults } from './scan-results.js';
import { WizardStepLayout, type WizardStepProps } from './wizard-step.js';
import { ArchiveButton } from '../../layout/archive-button.js';

/**
 * Step 3, Content Scanning: photos of poem pages, Scan Poems, and the scan's progress. After a scan
 * that found no new poem (only duplicates, or the rest of poems already there) it shows the report
 * and offers Save Draft and Publish.
 */
export function ScanningStep(props: WizardStepProps) {
  const { state, dispatch, actions, close } = props;
  const translate = useTranslate();
  const { busy, publication, scanStats, scanProgress: progress } = state;
  const working = busy !== null;
  const existingMode = state.fixedPublicationId !== null || state.mode === 'existing';
  const percent = progress && progress.pagesTotal ? Math.round((progress.pagesDone / progress.pagesTotal) * 100) : 0;

  const buttons = (
    <>
      <ArchiveButton variant="ghost" onClick={close}>
        {translate('archive.wizard.cancel')}
      </ArchiveButton>
      {canStartOver(state) ? <StartOverButton {...props} /> : null}
      {canFinish(state) ? <FinishButtons {...props} /> : null}
      <ArchiveButton
        variant="primary"
        onClick={() => void actions.scan()}
        loading={busy === 'scanning'}
        disabled={!publication || busy === 'loading' || (working && busy !== 'scanning')}
      >
        {translate('archive.wizard.scan')}
      </ArchiveButton>
    </>
  );

  return (
    <WizardStepLayout state={state} buttons={buttons}>
      <Stack spacing={2}>
        {publication ? (
          <Typography component="h3" variant="h6">
            <bdi>{publication.title}</bdi>
          </Typography>
        ) : null}
        {busy === 'loading' ? <Typography color="text.secondary">{translate('archive.wizard.loading_publication')}</Typography> : null}
        {existingMode && publication ? (
          <Alert severity="info">{translate('archive.wizard.duplicate_note', { smart_count: publication.poem_count })}</Alert>
        ) : null}
        <ScanResults stats={scanStats} />
        {scanStats && scanStats.fresh === 0 && canFinish(state) ? (
          <Alert severity="info">
            {translate(scanStats.continuedList.length ? 'archive.wizard.only_continued' : 'archive.wizard.only_duplicates')}
          </Alert>
        ) : null}
        <ImageDropZone
          testId="pages-drop-zone"
          images={state.pageImages}
          onAdd={(images) => dispatch({ type: 'PAGE_IMAGES_ADDED', images })}
          onRemove={(id) => dispatch({ type: 'PAGE_IMAGE_REMOVED', id })}
          label={translate('archive.wizard.pages_drop')}
          maxMessage={translate('archive.validation.max_page_images')}
          disabled={busy === 'scanning'}
        />
        {publication ? (
          // A whole book goes to the import on the publication's page, which follows it to the end.
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ArchiveButton variant="outline" component={Link} to={`${detailPath(publication)}/${IMPORT_ROUTE}`} disabled={working}>
              {translate('archive.book_import.open')}
            </ArchiveButton>
            <Typography variant="body2" color="text.secondary">
              {translate('archive.book_import.open_help')}
            </Typography>
          </Stack>
        ) : null}
        {busy === 'scanning' && progress ? (
          <Box role="status" aria-live="polite">
            <Typography>{translate('archive.wizard.scanning')}</Typography>
            <LinearProgress
              variant={progress.state === 'queued' ? 'indeterminate' : 'determinate'}
              value={percent}
              aria-label={translate('archive.wizard.scan_progress_label')}
              sx={{ my: 1 }}
            />
            <Typography variant="body2" color="text.secondary" data-testid="scan-progress">
              {progress.state === 'queued'
                ? translate('archive.wizard.queued')
                : translate('archive.wizard.scan_progress', { done: progress.pagesDone, total: progress.pagesTotal })}
            </Typography>
          </Box>
        ) : null}
      </Stack>
    </WizardStepLayout>
  );
}
