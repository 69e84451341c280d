import Alert from '@mui/material/Alert';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { Dispatch, ReactNode } from 'react';
import { StepIndicator } from '../step-indicator.js';
import type { WizardActions } from '../use-wizard-actions.js';
import type { WizardEvent, WizardState } from '../wizard.machine.js';

/** What every step of the wizard is given: a step renders state, dispatches edits and calls actions. */
export interface WizardStepProps {
  state: WizardState;
  dispatch: Dispatch<WizardEvent>;
  /** The server calls (use-wizard-actions.ts). */
  actions: WizardActions;
  /** Closes the wizard, asking first when something would be lost. */
  close: () => void;
  /** Runs `run` once the admin confirms: `title` and `content` are translation keys. */
  ask: (title: string, content: string, run: () => void) => void;
}

/** A step's frame inside the dialog: the step indicator, the last error, the step's body and its buttons. */
export function WizardStepLayout({ state, buttons, children }: { state: WizardState; buttons: ReactNode; children: ReactNode }) {
  return (
    <>
      <DialogContent dividers>
        <StepIndicator step={state.step} />
        {state.error ? (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {state.error}
          </Alert>
        ) : null}
        {children}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>{buttons}</DialogActions>
    </>
  );
}
