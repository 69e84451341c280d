import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import MarkdownIt from 'markdown-it';
import { useMemo } from 'react';
import { TextInput, maxLength, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { MEMORIAL_LIMITS } from '../../../contracts/settings.js';

/**
 * The preview renders as the server does (markdown-it, HTML off, headings and images off): raw
 * HTML comes out escaped and markdown-it refuses script links, so the preview shows text only.
 * The server renders the pages itself and sanitises what it renders.
 */
const markdown = new MarkdownIt({ html: false, linkify: true }).disable(['heading', 'lheading', 'image', 'table']);

/** The biography in Markdown, with its preview below as the pages will show it. */
export function BiographyInput() {
  const translate = useTranslate();
  const text = useWatch({ name: 'biography' }) as string | undefined;
  const html = useMemo(() => markdown.render(text ?? ''), [text]);
  return (
    <Box>
      <TextInput
        source="biography"
        multiline
        minRows={6}
        fullWidth
        validate={maxLength(MEMORIAL_LIMITS.biography)}
        helperText={translate('archive.settings.biography_help')}
        slotProps={{ htmlInput: { spellCheck: true } }}
      />
      <Box component="section" aria-labelledby="biography-preview" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mb: 2 }}>
        <Typography id="biography-preview" component="h3" variant="subtitle2" color="text.secondary">
          {translate('archive.settings.preview')}
        </Typography>
        {text?.trim() ? (
          <Box data-testid="biography-preview" sx={{ '& p': { my: 1 } }} dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <Typography color="text.secondary">{translate('archive.settings.preview_empty')}</Typography>
        )}
      </Box>
    </Box>
  );
}
