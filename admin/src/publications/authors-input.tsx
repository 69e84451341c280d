import Chip from '@mui/material/Chip';
import { useState } from 'react';
import { TextArrayInput, useTranslate, type TextArrayInputProps } from 'react-admin';
import { useFormContext } from 'react-hook-form';

/**
 * The authors as react-admin's TextArrayInput chips, where clicking a chip edits it: its name goes
 * back into the text box (and out of the list) to be corrected, and returns as one chip when the
 * box is left or Enter is pressed, instead of a corrected name being added beside the wrong one.
 * A name typed and not yet a chip is taken when the box loses focus (TextArrayInput's autoSelect),
 * so pressing Save keeps it.
 */
export function AuthorsInput(props: Omit<TextArrayInputProps, 'source' | 'inputValue' | 'onInputChange' | 'renderValue'>) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const [input, setInput] = useState('');
  const edit = (index: number) => {
    const authors = (getValues('authors') as string[] | null) ?? [];
    setInput(authors[index] ?? '');
    setValue(
      'authors',
      authors.filter((_, i) => i !== index),
      { shouldDirty: true },
    );
  };
  return (
    <TextArrayInput
      {...props}
      source="authors"
      inputValue={input}
      onInputChange={(_event, value) => setInput(value)}
      renderValue={(value, getItemProps) =>
        value.map((name, index) => {
          const { key, ...chip } = getItemProps({ index });
          return (
            <Chip
              size="small"
              label={name}
              key={key}
              {...chip}
              onClick={() => edit(index)}
              aria-label={translate('archive.edit.edit_author', { name })}
            />
          );
        })
      }
    />
  );
}
