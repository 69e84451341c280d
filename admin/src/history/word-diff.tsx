import Box from '@mui/material/Box';
import { diffWordsWithSpace } from 'diff';
import { POEM_TEXT_STYLE } from '../poems/poem-text.js';

/**
 * A word-level comparison of two texts: removed words struck through, added ones underlined,
 * with spaces and line breaks counted (a poem's indentation and stanza breaks are its text).
 */
export function WordDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = diffWordsWithSpace(before, after);
  return (
    <Box
      component="pre"
      aria-label={label}
      sx={{ ...POEM_TEXT_STYLE, bgcolor: 'grey.50', p: 1, borderRadius: 1, m: 0, whiteSpace: 'pre-wrap' }}
    >
      {parts.map((part, i) =>
        part.added ? (
          <Box key={i} component="ins" sx={{ bgcolor: '#d7f5dd', color: '#0b4a1a' }}>
            {part.value}
          </Box>
        ) : part.removed ? (
          <Box key={i} component="del" sx={{ bgcolor: '#fde2e1', color: '#7a1411' }}>
            {part.value}
          </Box>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </Box>
  );
}
