import { useTranslate } from 'react-admin';
import { scrollToPoems } from '../book-import-panel.js';
import { BookImportStatus } from '../book-import-status.js';
import { BookImportStepLayout, type BookImportStepProps } from './book-import-step.js';
import { ArchiveButton } from '../../layout/archive-button.js';

/** The import the server is reading: its progress, as the publication shows it once the dialog is closed. */
export function ImportStatusStep({ publication, latest, actions }: BookImportStepProps) {
  const translate = useTranslate();
  const buttons = (
    <ArchiveButton variant="primary" onClick={actions.closeNow}>
      {translate('archive.book_import.close')}
    </ArchiveButton>
  );
  return (
    <BookImportStepLayout publication={publication} buttons={buttons}>
      {latest ? (
        <BookImportStatus
          run={latest}
          onSeePoems={() => {
            actions.closeNow();
            requestAnimationFrame(scrollToPoems);
          }}
        />
      ) : null}
    </BookImportStepLayout>
  );
}
