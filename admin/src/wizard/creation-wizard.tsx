import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useReducer, useState, type ComponentType } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { THEME } from '../constants.js';
import { MetadataStep } from './steps/metadata-step.js';
import { PreviewStep } from './steps/preview-step.js';
import { ReviewStep } from './steps/review-step.js';
import { ScanningStep } from './steps/scanning-step.js';
import type { WizardStepProps } from './steps/wizard-step.js';
import { useWizardActions } from './use-wizard-actions.js';
import { closeConfirmation, initialWizardState, inPreview, wizardReducer, type WizardState } from './wizard.machine.js';

export interface CreationWizardProps {
  open: boolean;
  /** Opened for an existing publication ('Add New Poems'): starts at step 3. */
  publicationId?: number | null;
  onClose: () => void;
  /** Save Draft or Publish finished the flow for this publication. */
  onComplete: (publicationId: number) => void;
}

type Pending = { title: string; content: string; args?: Record<string, unknown>; run: () => void } | null;

/** The view of the wizard's state: a new step is a component here and the state that leads to it. */
function stepView(state: WizardState): ComponentType<WizardStepProps> {
  if (state.step === 1) return MetadataStep;
  if (state.step === 2) return ReviewStep;
  return inPreview(state) ? PreviewStep : ScanningStep;
}

/**
 * The creation wizard of SPEC sections 2 and 4, a dialog with three steps. react-admin's WizardForm
 * is not in its open-source edition, so the steps are the archive's own: a reducer holds the flow
 * (wizard.machine.ts), one hook makes the server calls (use-wizard-actions.ts), and each step is a
 * component (steps/) that renders its part of the state and its buttons. This dialog holds them
 * together and asks, with react-admin's Confirm, before anything is lost.
 */
export function CreationWizard({ open, publicationId = null, onClose, onComplete }: CreationWizardProps) {
  const translate = useTranslate();
  const [state, dispatch] = useReducer(wizardReducer, publicationId, initialWizardState);
  const [pending, setPending] = useState<Pending>(null);
  const actions = useWizardActions({ open, publicationId, state, dispatch, onClose, onComplete });

  const close = () => {
    const confirm = closeConfirmation(state);
    if (!confirm) return actions.closeNow();
    setPending({ title: 'archive.confirm.close_title', content: confirm.key, args: confirm.args, run: actions.closeNow });
  };
  const ask = (title: string, content: string, run: () => void) => setPending({ title, content, run });
  const Step = stepView(state);

  return (
    <>
      <Dialog
        open={open}
        onClose={(_e, reason) => {
          if (reason === 'backdropClick' && state.busy === 'scanning') return;
          close();
        }}
        fullWidth
        maxWidth={false}
        slotProps={{ paper: { sx: { maxWidth: THEME.wizardMaxWidth, width: '100%' } } }}
        aria-labelledby="wizard-title"
      >
        <DialogTitle id="wizard-title">
          {translate(state.fixedPublicationId !== null ? 'archive.wizard.title_existing' : 'archive.wizard.title_new')}
        </DialogTitle>
        <Step state={state} dispatch={dispatch} actions={actions} close={close} ask={ask} />
      </Dialog>
      <Confirm
        isOpen={pending !== null}
        title={pending?.title ?? ''}
        content={pending?.content ?? ''}
        contentTranslateOptions={pending?.args}
        onConfirm={() => {
          const run = pending?.run;
          setPending(null);
          run?.();
        }}
        onClose={() => setPending(null)}
      />
    </>
  );
}
