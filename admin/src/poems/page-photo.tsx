import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { PageRotation, PoemPage } from '../../../contracts/catalog.js';
import { PHOTO_ZOOM_STEPS } from '../constants.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';

const turned = (rotation: PageRotation, quarter: 1 | -1) => ((rotation + 90 * quarter + 360) % 360) as PageRotation;

/**
 * One photo turned by its rotation. CSS rotates without changing the layout box, so a quarter turn
 * gets a box of the turned shape (from the photo's own proportions once loaded) and the photo is
 * turned about its centre inside it: nothing is cut off and nothing overlaps the next page.
 */
function TurnedPhoto({ page, alt, percent }: { page: PoemPage; alt: string; percent: number }) {
  const [ratio, setRatio] = useState<number | undefined>(undefined);
  const quarter = page.rotation === 90 || page.rotation === 270;
  const box: CSSProperties = { position: 'relative', width: `${percent}%`, ...(quarter && ratio ? { aspectRatio: `${1 / ratio}` } : {}) };
  const img: CSSProperties = quarter
    ? {
        position: 'absolute',
        left: '50%',
        top: '50%',
        width: ratio ? `${ratio * 100}%` : '100%',
        transform: `translate(-50%, -50%) rotate(${page.rotation}deg)`,
      }
    : { width: '100%', transform: page.rotation ? `rotate(${page.rotation}deg)` : undefined };
  return (
    <div style={box} data-rotation={page.rotation}>
      <img src={page.url} alt={alt} style={img} onLoad={(e) => setRatio(e.currentTarget.naturalWidth / e.currentTarget.naturalHeight)} />
    </div>
  );
}

/**
 * The photographed page(s) a poem was read from, beside its text for proofreading, with zoom and
 * quarter turns (used by the wizard's preview and by Edit Poem). A turn is saved at once for the
 * photo, so every poem on that page, the reader and Reprocess see it upright. The frame scrolls
 * and takes focus, so a keyboard can pan a zoomed page.
 */
export function PagePhoto({ poemId }: { poemId: Identifier | undefined }) {
  const translate = useTranslate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const { data: pages, isPending } = useQuery({
    queryKey: ['poems', 'pages', String(poemId)],
    queryFn: () => dp.getPoemPages(poemId!),
    enabled: poemId !== undefined,
  });
  const rotate = useMutation({
    mutationFn: ({ page, rotation }: { page: PoemPage; rotation: PageRotation }) => dp.setPageRotation(page.id, rotation),
    // The photo may be shown for other poems read from the same page: each list reads it again.
    onSuccess: (saved) => {
      queryClient.setQueryData<PoemPage[]>(['poems', 'pages', String(poemId)], (old) => old?.map((p) => (p.id === saved.id ? saved : p)));
      void queryClient.invalidateQueries({ queryKey: ['poems', 'pages'], predicate: (q) => q.queryKey[2] !== String(poemId) });
    },
    onError: (error) => notify('archive.photo.rotate_failed', { type: 'error', messageArgs: { error: (error as Error).message } }),
  });
  const percent = PHOTO_ZOOM_STEPS[step];
  const label = (n: number | null | undefined) =>
    n ? translate('archive.photo.label', { page: n }) : translate('archive.photo.label_unknown');
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
        <IconButton
          size="small"
          aria-label={translate('archive.photo.zoom_out')}
          disabled={step === 0}
          onClick={() => setStep((s) => Math.max(0, s - 1))}
        >
          <ZoomOutIcon />
        </IconButton>
        <Typography variant="body2" aria-live="polite">
          {translate('archive.photo.zoom_level', { percent })}
        </Typography>
        <IconButton
          size="small"
          aria-label={translate('archive.photo.zoom_in')}
          disabled={step === PHOTO_ZOOM_STEPS.length - 1}
          onClick={() => setStep((s) => Math.min(PHOTO_ZOOM_STEPS.length - 1, s + 1))}
        >
          <ZoomInIcon />
        </IconButton>
        {pages?.map((p) => {
          // With several pages, each pair of buttons names its page.
          const name = (side: 'left' | 'right') =>
            pages.length > 1
              ? translate(`archive.photo.rotate_${side}_page`, { page: p.page_number ?? p.page_index + 1 })
              : translate(`archive.photo.rotate_${side}`);
          return (
            <Stack key={p.id} direction="row">
              <IconButton
                size="small"
                aria-label={name('left')}
                disabled={rotate.isPending}
                onClick={() => rotate.mutate({ page: p, rotation: turned(p.rotation, -1) })}
              >
                <RotateLeftIcon />
              </IconButton>
              <IconButton
                size="small"
                aria-label={name('right')}
                disabled={rotate.isPending}
                onClick={() => rotate.mutate({ page: p, rotation: turned(p.rotation, 1) })}
              >
                <RotateRightIcon />
              </IconButton>
            </Stack>
          );
        })}
      </Stack>
      <figure className="page-photo" tabIndex={0} aria-label={label(first?.page_number)}>
        {pages?.length ? (
          pages.map((p) => <TurnedPhoto key={p.id} page={p} alt={label(p.page_number)} percent={percent} />)
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
