import { MSG } from '../messages.js';
import type { WizardStep } from './wizard.machine.js';

export function StepIndicator({ step }: { step: WizardStep }) {
  return (
    <ol className="steps" aria-label="Progress">
      {MSG.wizard.steps.map((label, i) => {
        const n = (i + 1) as WizardStep;
        const state = n < step ? 'done' : n === step ? 'current' : 'todo';
        return (
          <li key={label} className={`step step-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="step-number">{n}</span>
            <span>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}
