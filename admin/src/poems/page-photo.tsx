import RotateLeftIcon from '@mui/icons-material/RotateLeft';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type MouseEvent } from 'react';
import { useDataProvider, useNotify, useTranslate, type Identifier } from 'react-admin';
import type { PageRotation, PhotoBox, PoemPage } from '../../../contracts/catalog.js';
import { LINE_ZOOM_STEP, PHOTO_ZOOM_STEPS } from '../constants.js';
import { lineAtPoint } from '../proofreading/doubt-marks.js';
import { useProofreading } from '../proofreading/proofreading-context.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';

const turned = (rotation: PageRotation, quarter: 1 | -1) => ((rotation + 90 * quarter + 360) % 360) as PageRotation;

/** A photo's size as it stands turned: the space the reading's boxes are measured in. */
interface Size {
  width: number;
  height: number;
}

/**
 * One photo turned by its rotation. CSS rotates without changing the layout box, so a quarter turn
 * gets a box of the turned shape (from the photo's own proportions once loaded) and the photo is
 * turned about its centre inside it: nothing is cut off and nothing overlaps the next page. The
 * line the caret is on is outlined over it, placed in the turned photo's proportions.
 */
function TurnedPhoto({
  page,
  alt,
  percent,
  outline,
  onSize,
}: {
  page: PoemPage;
  alt: string;
  percent: number;
  outline: PhotoBox | null;
  onSize: (id: number, size: Size) => void;
}) {
  const [natural, setNatural] = useState<Size | undefined>(undefined);
  const quarter = page.rotation === 90 || page.rotation === 270;
  const ratio = natural && natural.width / natural.height;
  const upright = natural && (quarter ? { width: natural.height, height: natural.width } : natural);
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
    <div style={box} data-rotation={page.rotation} data-photo={page.id}>
      <img
        src={page.url}
        alt={alt}
        style={img}
        onLoad={(e) => {
          const size = { width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight };
          setNatural(size);
          onSize(page.id, quarter ? { width: size.height, height: size.width } : size);
        }}
      />
      {outline && upright ? (
        <div
          className="line-outline"
          data-line-outline
          style={{
            left: `${(outline.x / upright.width) * 100}%`,
            top: `${(outline.y / upright.height) * 100}%`,
            width: `${(outline.width / upright.width) * 100}%`,
            height: `${(outline.height / upright.height) * 100}%`,
          }}
        />
      ) : null}
    </div>
  );
}

/** Where the view of a zoomed photo is held: a point of the content kept under a point of the frame. */
interface Anchor {
  /** The point of the content, as a share of its scroll size. */
  fx: number;
  fy: number;
  /** Where it stays, in the frame's pixels. */
  px: number;
  py: number;
  /** At the pointer (Ctrl+wheel) it stays there even when a line is outlined. */
  pointer: boolean;
}

/** Scrolls the frame so the outlined line stands in its middle. */
function centreOutline(frame: HTMLElement): boolean {
  const outline = frame.querySelector<HTMLElement>('[data-line-outline]');
  if (!outline) return false;
  const at = outline.getBoundingClientRect();
  const view = frame.getBoundingClientRect();
  // A line wider than the frame is shown from its start, where reading begins.
  const margin = at.width > frame.clientWidth ? 8 : (frame.clientWidth - at.width) / 2;
  frame.scrollLeft += at.left - view.left - margin;
  frame.scrollTop += at.top - view.top - (frame.clientHeight - at.height) / 2;
  return true;
}

/**
 * The photographed page(s) a poem was read from, beside its text for proofreading, with zoom and
 * quarter turns (used by the wizard's preview and by Edit Poem). A turn is saved at once for the
 * photo, so every poem on that page, the reader and Reprocess see it upright. The frame scrolls
 * and takes focus, so a keyboard can pan a zoomed page. With the poem's reading (proofreading/),
 * the caret's line is outlined and brought into view, zoomed in once, and a line clicked on the
 * photo takes the caret to its text. Zoom keeps the outlined line in view, or the point under the
 * pointer with Ctrl+wheel, or else the middle of the view.
 */
export function PagePhoto({ poemId }: { poemId: Identifier | undefined }) {
  const translate = useTranslate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const proofreading = useProofreading();
  const outline = proofreading?.outline ?? null;
  const [step, setStep] = useState(0);
  const frame = useRef<HTMLElement>(null);
  const anchor = useRef<Anchor | null>(null);
  const sizes = useRef(new Map<number, Size>());
  const [loaded, setLoaded] = useState(0);
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

  /** Zooms to a step, keeping a point of the frame (its middle unless given) on the same place of the page. */
  const zoom = useCallback(
    (next: number, point?: { x: number; y: number }) => {
      const f = frame.current;
      const to = Math.max(0, Math.min(PHOTO_ZOOM_STEPS.length - 1, next));
      if (to === step) return;
      if (f && f.scrollWidth && f.scrollHeight) {
        const px = point?.x ?? f.clientWidth / 2;
        const py = point?.y ?? f.clientHeight / 2;
        anchor.current = { fx: (f.scrollLeft + px) / f.scrollWidth, fy: (f.scrollTop + py) / f.scrollHeight, px, py, pointer: !!point };
      }
      setStep(to);
    },
    [step],
  );

  // A first outlined line zooms in to read it (the curator's own zoom is kept after that).
  const outlined = outline !== null;
  useEffect(() => {
    if (outlined) setStep((s) => Math.max(s, LINE_ZOOM_STEP));
  }, [outlined]);

  // After a zoom, a new outline or a photo loaded: the outlined line, or the held point, in view.
  useLayoutEffect(() => {
    const f = frame.current;
    if (!f) return;
    const held = anchor.current;
    anchor.current = null;
    if (held && (held.pointer || !f.querySelector('[data-line-outline]'))) {
      f.scrollLeft = held.fx * f.scrollWidth - held.px;
      f.scrollTop = held.fy * f.scrollHeight - held.py;
      return;
    }
    centreOutline(f);
  }, [step, outline, loaded]);

  // Ctrl+wheel zooms at the pointer; React's wheel listener is passive, so it is added here.
  useEffect(() => {
    const f = frame.current;
    if (!f) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const view = f.getBoundingClientRect();
      zoom(step + (e.deltaY < 0 ? 1 : -1), { x: e.clientX - view.left, y: e.clientY - view.top });
    };
    f.addEventListener('wheel', onWheel, { passive: false });
    return () => f.removeEventListener('wheel', onWheel);
  }, [zoom, step, pages]);

  const onSize = useCallback((id: number, size: Size) => {
    sizes.current.set(id, size);
    setLoaded((n) => n + 1);
  }, []);

  /** A click on a line of the photo takes the caret to that line of the text. */
  const pick = (e: MouseEvent<HTMLElement>) => {
    const lines = proofreading?.lines;
    const photo = (e.target as HTMLElement).closest<HTMLElement>('[data-photo]');
    const size = photo && sizes.current.get(Number(photo.dataset.photo));
    if (!lines || !photo || !size) return;
    const at = photo.getBoundingClientRect();
    const x = ((e.clientX - at.left) / at.width) * size.width;
    const y = ((e.clientY - at.top) / at.height) * size.height;
    const places = lines.map((l) => ({ savedLine: l.line, photo: l.scan_page_id, box: l.box }));
    const line = lineAtPoint(places, Number(photo.dataset.photo), x, y);
    if (line !== undefined) proofreading.pickLine(line);
  };
  const placed = proofreading?.lines?.some((l) => l.box) ?? false;
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
        <IconButton size="small" aria-label={translate('archive.photo.zoom_out')} disabled={step === 0} onClick={() => zoom(step - 1)}>
          <ZoomOutIcon />
        </IconButton>
        <Typography variant="body2" aria-live="polite">
          {translate('archive.photo.zoom_level', { percent })}
        </Typography>
        <IconButton
          size="small"
          aria-label={translate('archive.photo.zoom_in')}
          disabled={step === PHOTO_ZOOM_STEPS.length - 1}
          onClick={() => zoom(step + 1)}
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
      {/* Clicking a line is a shortcut for the pointer; the caret in the text outlines lines for the keyboard. */}
      <figure
        ref={frame}
        className={placed ? 'page-photo placed' : 'page-photo'}
        tabIndex={0}
        aria-label={label(first?.page_number)}
        onClick={placed ? pick : undefined}
      >
        {pages?.length ? (
          pages.map((p) => (
            <TurnedPhoto
              key={p.id}
              page={p}
              alt={label(p.page_number)}
              percent={percent}
              outline={outline?.photo === p.id ? outline.box : null}
              onSize={onSize}
            />
          ))
        ) : (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('archive.photo.loading')}
          </Typography>
        )}
      </figure>
      {first ? (
        <Typography variant="caption" color="text.secondary">
          {label(first.page_number)}
          {placed ? ` · ${translate('archive.proofreading.photo_lines')}` : ''}
        </Typography>
      ) : null}
    </Stack>
  );
}
