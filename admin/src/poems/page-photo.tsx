import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import { PHOTO_ZOOM_STEPS } from '../constants.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';

/**
 * The photographed page(s) a poem was read from, beside its text for proofreading, with zoom
 * (used by the wizard's preview and by Edit Poem). The frame scrolls and takes focus, so a
 * keyboard can pan a zoomed page.
 */
export function PagePhoto({ poemId }: { poemId: Identifier | undefined }) {
  const translate = useTranslate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const [step, setStep] = useState(0);
  const { data: pages, isPending } = useQuery({
    queryKey: ['poems', 'pages', String(poemId)],
    queryFn: () => dp.getPoemPages(poemId!),
    enabled: poemId !== undefined,
  });
  const percent = PHOTO_ZOOM_STEPS[step];
  const label = (n: number | null | undefined) => (n ? translate('archive.photo.label', { page: n }) : translate('archive.photo.label_unknown'));
  const first = pages?.[0];

  if (poemId !== undefined && !isPending && pages && pages.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, alignSelf: 'start' }}>
        {translate('archive.poem.photo_missing')}
      </Typography>
    );
  }
  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <IconButton size="small" aria-label={translate('archive.photo.zoom_out')} disabled={step === 0} onClick={() => setStep((s) => Math.max(0, s - 1))}>
          <ZoomOutIcon />
        </IconButton>
        <Typography variant="body2" aria-live="polite">
          {translate('archive.photo.zoom_level', { percent })}
        </Typography>
        <IconButton size="small" aria-label={translate('archive.photo.zoom_in')} disabled={step === PHOTO_ZOOM_STEPS.length - 1} onClick={() => setStep((s) => Math.min(PHOTO_ZOOM_STEPS.length - 1, s + 1))}>
          <ZoomInIcon />
        </IconButton>
      </Stack>
      <figure className="page-photo" tabIndex={0} aria-label={label(first?.page_number)}>
        {pages?.length ? (
          pages.map((p) => <img key={p.id} src={p.url} alt={label(p.page_number)} style={{ width: `${percent}%` }} />)
        ) : (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('archive.photo.loading')}
          </Typography>
        )}
      </figure>
      {first ? (
        <Typography variant="caption" color="text.secondary">
          {label(first.page_number)}
        </Typography>
      ) : null}
    </Stack>
  );
}
