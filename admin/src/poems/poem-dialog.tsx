import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { Form, SaveButton, SelectInput, TextInput, useRecordContext, useTranslate, type Validator } from 'react-admin';
import type { Poem } from '../../../contracts/catalog.js';
import { languageName } from '../../../contracts/language.js';
import { useLanguageChoices } from '../languages/use-language-choices.js';
import { ConfirmUnsavedChanges } from '../layout/confirm-unsaved-changes.js';
import { KeepUnsavedText } from '../layout/keep-unsaved-text.js';
import { PoemTextInput } from './poem-text-input.js';
import { ArchiveButton } from '../layout/archive-button.js';

/** The choice that stands for the book's language (a poem's `language` null); never a tag (tags have no `:`). */
const BOOKS_LANGUAGE = ':book';
/**
 * Marks the select as always holding a value, so react-admin leaves out its blank "Clear value"
 * item: "Same as the book" is the choice that clears, named as such for a screen reader too.
 */
const alwaysChosen: Validator = Object.assign(() => undefined, { isRequired: true });

/** A poem's own language: its book's (first), the archive's languages, and the poem's own tag when it is another. */
function PoemLanguageInput({ bookLanguage }: { bookLanguage: string }) {
  const translate = useTranslate();
  const record = useRecordContext<Poem>();
  const languages = useLanguageChoices(record?.language ?? undefined);
  const choices = [
    { id: BOOKS_LANGUAGE, name: translate('archive.poem.same_language', { language: languageName(bookLanguage) }) },
    ...languages,
  ];
  return (
    <SelectInput
      source="language"
      choices={choices}
      format={(value: string | null | undefined) => value || BOOKS_LANGUAGE}
      parse={(value: string) => (value === BOOKS_LANGUAGE ? null : value)}
      validate={alwaysChosen}
      translateChoice={false}
      fullWidth
    />
  );
}

/** A poem's form fields; empty texts stay '' (react-admin would send null, which the API refuses). */
export function PoemFields({ bookLanguage }: { bookLanguage: string }) {
  const translate = useTranslate();
  const keepText = (value: string) => value ?? '';
  return (
    <>
      <TextInput source="title" fullWidth parse={keepText} slotProps={{ htmlInput: { spellCheck: true } }} />
      <PoemTextInput source="body" helperText={translate('archive.poem.body_help')} />
      <TextInput source="notes" multiline minRows={2} fullWidth parse={keepText} slotProps={{ htmlInput: { spellCheck: true } }} />
      <PoemLanguageInput bookLanguage={bookLanguage} />
    </>
  );
}

/**
 * The dialog around a react-admin poem form (Edit Poem, New Poem, Proofread this book): the title,
 * the form with an optional page photograph beside it, and its actions: Cancel and the save button
 * (SPEC section 2) unless others are given. Escape, a click outside and Cancel all leave by
 * navigation, which warnWhenUnsavedChanges stops to ask first when something was typed.
 */
export function PoemDialog({
  titleKey,
  title,
  saveKey,
  onClose,
  aside,
  actions,
  fullScreen,
  children,
}: {
  titleKey: string;
  /** A title with more in it than titleKey's text (the poem's place in its book). */
  title?: ReactNode;
  saveKey: string;
  onClose: () => void;
  aside?: ReactNode;
  /** In place of Cancel and Save (rendered inside the form, so they can read and submit it). */
  actions?: ReactNode;
  fullScreen?: boolean;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth fullScreen={fullScreen} maxWidth={aside ? 'lg' : 'md'} aria-labelledby="poem-dialog-title">
      <DialogTitle id="poem-dialog-title">{title ?? translate(titleKey)}</DialogTitle>
      <Form warnWhenUnsavedChanges WarnWhenUnsavedChangesComponent={ConfirmUnsavedChanges}>
        <DialogContent dividers>
          <KeepUnsavedText resource="poems" />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: aside ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr' } }}>
            {aside}
            <Box sx={{ minWidth: 0 }}>{children}</Box>
          </Box>
        </DialogContent>
        <DialogActions>
          {actions ?? (
            <>
              <ArchiveButton variant="ghost" onClick={onClose}>
                {translate('archive.poem.cancel')}
              </ArchiveButton>
              <SaveButton label={saveKey} alwaysEnable />
            </>
          )}
        </DialogActions>
      </Form>
    </Dialog>
  );
}
