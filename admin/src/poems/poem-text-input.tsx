import { TextInput, type TextInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DoubtfulText } from '../proofreading/doubtful-text.js';
import { POEM_TEXT_STYLE, untab } from './poem-text.js';

/**
 * A poem's body in a react-admin form: monospace, unwrapped, tabs as spaces, an empty text kept as ''.
 * Spell-check on: proofreading what the scanner read is most of a curator's work. In Edit Poem the
 * words the scan doubted are marked in it (DoubtfulText).
 */
export function PoemTextInput(props: Omit<TextInputProps, 'multiline' | 'parse'>) {
  const body = useWatch({ name: props.source }) as string | undefined;
  return (
    <DoubtfulText body={body ?? ''}>
      <TextInput
        multiline
        minRows={14}
        maxRows={30}
        fullWidth
        parse={(value: string) => untab(value ?? '')}
        sx={{ '& textarea': POEM_TEXT_STYLE }}
        slotProps={{ htmlInput: { wrap: 'off', spellCheck: true } }}
        {...props}
      />
    </DoubtfulText>
  );
}
