import { useTranslate } from 'react-admin';
import type { WizardStepProps } from './wizard-step.js';
import { ArchiveButton } from '../../layout/archive-button.js';

type Props = Pick<WizardStepProps, 'state' | 'actions' | 'ask'>;

/** Start Over, after a confirm: offered by the scanning step and the preview once this session scanned something. */
export function StartOverButton({ state, actions, ask }: Props) {
  const translate = useTranslate();
  return (
    <ArchiveButton
      variant="outline"
      color="warning"
      onClick={() => ask('archive.confirm.start_over_title', 'archive.confirm.start_over', () => void actions.startOver())}
      disabled={state.busy !== null}
      loading={state.busy === 'clearing'}
    >
      {translate('archive.wizard.start_over')}
    </ArchiveButton>
  );
}

/** Save Draft and Publish, which end the flow. */
export function FinishButtons({ state, actions }: Omit<Props, 'ask'>) {
  const translate = useTranslate();
  const working = state.busy !== null;
  return (
    <>
      <ArchiveButton variant="outline" onClick={() => void actions.finish('draft')} disabled={working} loading={state.busy === 'saving'}>
        {translate('archive.wizard.save_draft')}
      </ArchiveButton>
      <ArchiveButton
        variant="success"
        onClick={() => void actions.finish('publish')}
        disabled={working}
        loading={state.busy === 'publishing'}
      >
        {translate('archive.wizard.publish')}
      </ArchiveButton>
    </>
  );
}
