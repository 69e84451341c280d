import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { WIZARD_SCROLL_DELAYS_MS } from '../../constants.js';
import { PagePhoto } from '../../poems/page-photo.js';
import { DoubtfulText } from '../../proofreading/doubtful-text.js';
import { ProofreadingProvider } from '../../proofreading/proofreading-context.js';
import { POEM_TEXT_STYLE, untab } from '../../poems/poem-text.js';
import { FinishButtons, StartOverButton } from './finish-buttons.js';
import { ScanResults } from './scan-results.js';
import { WizardStepLayout, type WizardStepProps } from './wizard-step.js';
import { ArchiveButton } from '../../layout/archive-button.js';

/**
 * After a scan, Preview & Edit Poems: one poem at a time beside its page photograph (the caret's
 * line outlined on it, the words the scan doubted marked), with its title and text editable, Previous and Next (and the arrow keys, except while typing).
 */
export function PreviewStep(props: WizardStepProps) {
  const { state, dispatch, actions, ask } = props;
  const translate = useTranslate();
  const previewRef = useRef<HTMLDivElement>(null);
  const index = state.currentPoem;
  const current = state.poems[index];
  const working = state.busy !== null;

  // Bring the preview into view once it appears (the dialog may be scrolled down to the drop zone).
  useEffect(() => {
    const timers = WIZARD_SCROLL_DELAYS_MS.map((ms) =>
      setTimeout(() => previewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), ms),
    );
    return () => timers.forEach(clearTimeout);
  }, []);

  // Arrow keys move between poems, except while typing.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (
        target &&
        (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.isContentEditable)
      )
        return;
      if (e.key === 'ArrowRight') dispatch({ type: 'NEXT_POEM' });
      if (e.key === 'ArrowLeft') dispatch({ type: 'PREVIOUS_POEM' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);

  const buttons = (
    <>
      <ArchiveButton
        variant="outline"
        color="error"
        onClick={() => ask('archive.confirm.delete_poem_title', 'archive.confirm.delete_poem', () => void actions.deletePoem())}
        disabled={working}
        loading={state.busy === 'deleting'}
      >
        {translate('archive.wizard.delete_poem')}
      </ArchiveButton>
      <ArchiveButton variant="outline" onClick={() => void actions.scanMore()} disabled={working}>
        {translate('archive.wizard.scan_more')}
      </ArchiveButton>
      <StartOverButton {...props} />
      <FinishButtons {...props} />
    </>
  );

  if (!current) return null;
  return (
    <WizardStepLayout state={state} buttons={buttons}>
      <Stack spacing={2} ref={previewRef}>
        <Typography component="h3" variant="h6">
          {translate('archive.wizard.preview')}
        </Typography>
        <ScanResults stats={state.scanStats} />
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <strong>{translate('archive.wizard.poem_of', { n: index + 1, m: state.poems.length })}</strong>
          <Typography color="text.secondary" component="span">
            {current.page_numbers.length
              ? translate('archive.wizard.pages', { smart_count: current.page_numbers.length, pages: current.page_numbers.join(', ') })
              : translate('archive.wizard.page_unknown')}
          </Typography>
        </Stack>
        <ProofreadingProvider key={current.id} poemId={current.id}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
            <PagePhoto poemId={current.id} />
            <Stack spacing={1} sx={{ minWidth: 0 }}>
              <TextField
                label={translate('archive.wizard.poem_title')}
                value={current.title}
                onChange={(e) => dispatch({ type: 'POEM_EDITED', index, title: e.target.value })}
                fullWidth
              />
              <DoubtfulText body={current.body}>
                <TextField
                  label={translate('archive.wizard.poem_body')}
                  value={current.body}
                  onChange={(e) => dispatch({ type: 'POEM_EDITED', index, body: untab(e.target.value) })}
                  multiline
                  minRows={18}
                  fullWidth
                  sx={{ '& textarea': POEM_TEXT_STYLE }}
                  slotProps={{ htmlInput: { wrap: 'off', spellCheck: false } }}
                />
              </DoubtfulText>
            </Stack>
          </Box>
        </ProofreadingProvider>
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <ArchiveButton variant="outline" disabled={index === 0} onClick={() => dispatch({ type: 'PREVIOUS_POEM' })}>
            {translate('archive.wizard.previous')}
          </ArchiveButton>
          <ArchiveButton variant="outline" disabled={index >= state.poems.length - 1} onClick={() => dispatch({ type: 'NEXT_POEM' })}>
            {translate('archive.wizard.next')}
          </ArchiveButton>
        </Stack>
      </Stack>
    </WizardStepLayout>
  );
}
