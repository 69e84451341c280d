import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslate } from 'react-admin';
import type { WizardStep } from './wizard.machine.js';

const STEPS = ['metadata', 'review', 'content'] as const;

/** 1 Metadata Extraction, 2 Review & Edit, 3 Content Scanning (SPEC section 2). */
export function StepIndicator({ step }: { step: WizardStep }) {
  const translate = useTranslate();
  return (
    <Stepper activeStep={step - 1} aria-label={translate('archive.wizard.progress')} sx={{ mb: 2 }} component="ol">
      {STEPS.map((key, i) => (
        <Step key={key} component="li" aria-current={i === step - 1 ? 'step' : undefined} completed={i < step - 1}>
          <StepLabel>{translate(`archive.wizard.steps.${key}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
