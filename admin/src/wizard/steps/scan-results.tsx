import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import type { ScanStats } from '../wizard.machine.js';

/** The 'Scan Results' banner: total scanned, new, duplicates skipped, and what each page added to. */
export function ScanResults({ stats }: { stats: ScanStats | null }) {
  const translate = useTranslate();
  if (!stats) return null;
  return (
    <Box
      component="section"
      aria-label={translate('archive.wizard.scan_results')}
      sx={{ bgcolor: '#eff6ff', color: '#1e3a8a', borderRadius: 1, p: 1.5, mb: 2 }}
    >
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <strong>{translate('archive.wizard.scan_results')}</strong>
        <span>{translate('archive.wizard.total', { n: stats.total })}</span>
        <span>{translate('archive.wizard.fresh', { n: stats.fresh })}</span>
        <span>{translate('archive.wizard.duplicates', { n: stats.duplicates })}</span>
        {stats.emptyDropped ? <span>{translate('archive.wizard.empty_dropped', { n: stats.emptyDropped })}</span> : null}
      </Stack>
      {stats.continuedList.length ? (
        <ul>
          {stats.continuedList.map((c) => (
            <li key={c.id}>{translate('archive.wizard.continued', { title: c.title })}</li>
          ))}
        </ul>
      ) : null}
      {stats.duplicateList.length ? (
        <ul>
          {stats.duplicateList.map((d, i) => (
            <li key={i}>
              {translate('archive.wizard.duplicate_of', {
                title: d.title,
                matched: d.matched_poem?.title ?? '',
                percent: Math.round(d.similarity * (d.similarity <= 1 ? 100 : 1)),
              })}
            </li>
          ))}
        </ul>
      ) : null}
    </Box>
  );
}
