import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import type { PoemPage } from '../../../contracts/reader-page.js';
import { PRINTED_SIDE_ID } from './printed-side.js';

/** The steps of the Zoom buttons; a pinch or Ctrl+wheel zooms anywhere between the ends. */
const ZOOMS = [1, 1.5, 2, 3, 4];
const MIN_ZOOM = ZOOMS[0]!;
const MAX_ZOOM = ZOOMS[ZOOMS.length - 1]!;
const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

/** The copies of a photo the archive makes for screens (WebP); the original stays at its own address. */
const SCREEN_WIDTHS = [800, 1600];
const screenUrl = (url: string, width: number) => `${url}${url.includes('?') ? '&' : '?'}width=${width}`;

/**
 * A page photo turned upright as the curator set it. CSS rotates without changing the layout box,
 * so a quarter turn gets a box of the turned shape (from the photo's proportions once loaded) and
 * the photo turns about its centre inside it, cut off nowhere.
 */
function TurnedPhoto({
  page,
  alt,
  width,
  sizes,
  onClick,
}: {
  page: PoemPage;
  alt: string;
  width: string;
  sizes: string;
  onClick: (e: MouseEvent) => void;
}) {
  const [ratio, setRatio] = useState<number | undefined>(undefined);
  const rotation = page.rotation ?? 0;
  const quarter = rotation === 90 || rotation === 270;
  const box: CSSProperties = { position: 'relative', width, ...(quarter && ratio ? { aspectRatio: `${1 / ratio}` } : {}) };
  const img: CSSProperties = quarter
    ? {
        position: 'absolute',
        left: '50%',
        top: '50%',
        width: ratio ? `${ratio * 100}%` : '100%',
        transform: `translate(-50%, -50%) rotate(${rotation}deg)`,
      }
    : { width: '100%', transform: rotation ? `rotate(${rotation}deg)` : undefined };
  return (
    <div className="printed-turn" style={box} data-rotation={rotation}>
      <img
        src={screenUrl(page.url, 800)}
        srcSet={SCREEN_WIDTHS.map((w) => `${screenUrl(page.url, w)} ${w}w`).join(', ')}
        sizes={sizes}
        alt={alt}
        style={img}
        draggable={false}
        onClick={onClick}
        onLoad={(e) => setRatio(e.currentTarget.naturalWidth / e.currentTarget.naturalHeight)}
      />
    </div>
  );
}

/** The photos' boxes in the viewer, in order: what the zoom sizes and the anchor is measured in. */
const photoBoxes = (scroller: HTMLElement | null) => [...(scroller?.querySelectorAll<HTMLElement>('.printed-turn') ?? [])];

/** The point of a photo that stays under the pointer (or the view's centre) while the zoom changes. */
interface Anchor {
  /** Index of the photo among the poem's pages. */
  photo: number;
  /** Where in the photo's box, as fractions of its width and height. */
  fx: number;
  fy: number;
  /** Where on screen, in client pixels. */
  x: number;
  y: number;
}

/**
 * The zoom of the photos and the point it is taken around: after each change the scroll puts the
 * same spot of the same photo back under the pointer (or the centre of the view), so zooming in
 * on a word keeps that word in sight rather than the page's top-left corner.
 */
function useAnchoredZoom(scroller: RefObject<HTMLDivElement | null>) {
  const [zoom, setZoomState] = useState(MIN_ZOOM);
  const anchor = useRef<Anchor | null>(null);

  const boxes = () => photoBoxes(scroller.current);

  /** The photo spot at a screen point; the photo nearest it when the point is between photos. */
  const anchorAt = (x: number, y: number): Anchor | null => {
    const all = boxes();
    if (all.length === 0) return null;
    let photo = 0;
    let best = Infinity;
    all.forEach((box, i) => {
      const r = box.getBoundingClientRect();
      const d = Math.max(r.top - y, 0, y - r.bottom);
      if (d < best) [best, photo] = [d, i];
    });
    const r = all[photo]!.getBoundingClientRect();
    return { photo, fx: (x - r.left) / r.width, fy: (y - r.top) / r.height, x, y };
  };

  const setZoom = (next: number, at?: { x: number; y: number }) => {
    const view = scroller.current?.getBoundingClientRect();
    const point = at ?? (view ? { x: view.left + view.width / 2, y: view.top + view.height / 2 } : undefined);
    anchor.current = point ? anchorAt(point.x, point.y) : null;
    setZoomState(clampZoom(next));
  };

  useLayoutEffect(() => {
    const a = anchor.current;
    const el = scroller.current;
    anchor.current = null;
    if (!a || !el) return;
    const box = photoBoxes(el)[a.photo];
    if (!box) return;
    const r = box.getBoundingClientRect();
    el.scrollLeft += r.left + a.fx * r.width - a.x;
    el.scrollTop += r.top + a.fy * r.height - a.y;
  }, [zoom, scroller]);

  return { zoom, setZoom };
}

/** Two fingers on the photos: their distance scales the zoom, around the point between them. */
function usePinch(zoom: number, setZoom: (z: number, at: { x: number; y: number }) => void) {
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const start = useRef<{ distance: number; zoom: number } | null>(null);
  const spread = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : null;
  };
  const end = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) start.current = null;
  };
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.pointerType !== 'touch') return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const s = spread();
      if (s) start.current = { distance: s.distance, zoom };
    },
    onPointerMove: (e: PointerEvent) => {
      if (!pointers.current.has(e.pointerId)) return;
      pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
      const s = spread();
      if (s && start.current && start.current.distance > 0) setZoom((start.current.zoom * s.distance) / start.current.distance, s);
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}

export type ViewerMode = 'dialog' | 'side';

/**
 * The photos of a poem's printed pages (loaded on the first "See the printed page"): on a wide
 * screen beside the text (`side`, in the page's printed-side column), elsewhere in a modal dialog.
 * Fitted to their column; zoomed with the buttons, a click on the photo, Ctrl+wheel or a pinch,
 * always around the pointer (the buttons: around the view's centre). Escape or Close returns to
 * the poem, and only closes the viewer.
 */
export function PrintedPagesViewer({
  pages,
  title,
  bookTitle,
  mode,
  focus = true,
  onClose,
}: {
  pages: PoemPage[];
  title: string;
  bookTitle: string;
  mode: ViewerMode;
  /** Whether the viewer takes focus as it opens (not when it opens by itself for the next poem). */
  focus?: boolean;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const photos = useRef<HTMLDivElement>(null);
  const { zoom, setZoom } = useAnchoredZoom(photos);
  const pinch = usePinch(zoom, setZoom);
  const closeRef = useRef<() => void>(onClose);

  useEffect(() => {
    if (mode === 'dialog') dialog.current?.showModal();
    else if (focus) heading.current?.focus({ preventScroll: true });
  }, [mode, focus]);

  // Escape closes the viewer and nothing else: handled here, the reader (listening on the window) leaves it be.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const label = (page: PoemPage, i: number) =>
    `${page.page_number !== null ? `Page ${page.page_number}` : `Photograph ${i + 1} of ${pages.length}`}${bookTitle ? ` of ${bookTitle}` : ''}, as printed`;
  const step = (direction: 1 | -1) => {
    const next = direction > 0 ? ZOOMS.find((z) => z > zoom + 0.01) : [...ZOOMS].reverse().find((z) => z < zoom - 0.01);
    setZoom(next ?? (direction > 0 ? MAX_ZOOM : MIN_ZOOM));
  };
  // A trackpad's pinch arrives as a wheel with Ctrl held (a plain wheel scrolls). Listened to
  // natively: React's wheel listener is passive, and the page itself must not zoom.
  const zoomNow = useRef({ zoom, setZoom });
  zoomNow.current = { zoom, setZoom };
  useEffect(() => {
    const el = photos.current;
    if (!el) return;
    const onWheel = (e: globalThis.WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const { zoom: z, setZoom: set } = zoomNow.current;
      set(z * Math.exp(-e.deltaY / 200), { x: e.clientX, y: e.clientY });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [mode]);
  // The dialog closes itself (the browser puts focus back where it was), then tells the page.
  const close = () => (mode === 'dialog' && dialog.current?.open ? dialog.current.close() : onClose());
  closeRef.current = close;
  const headingId = `printed-title-${mode}`;

  const body = (
    <>
      <div className="printed-bar">
        <h2 id={headingId} className="printed-heading" ref={heading} tabIndex={-1}>
          {title}: the printed page{pages.length > 1 ? 's' : ''}
        </h2>
        <div className="printed-tools">
          <button type="button" className="button button-outline button-small" onClick={() => step(-1)} disabled={zoom <= MIN_ZOOM}>
            Zoom out
          </button>
          <span className="zoom-level" aria-live="polite">{`${Math.round(zoom * 100)}%`}</span>
          <button type="button" className="button button-outline button-small" onClick={() => step(1)} disabled={zoom >= MAX_ZOOM}>
            Zoom in
          </button>
          <button type="button" className="button button-small button-primary" onClick={close}>
            Close
          </button>
        </div>
      </div>
      {/* Focusable, so the keyboard scrolls a zoomed photo. */}
      <div className="printed-photos" ref={photos} tabIndex={0} role="region" aria-label="Page photographs" {...pinch}>
        {pages.map((page, i) => (
          <figure key={page.id} className="printed-photo">
            <TurnedPhoto
              page={page}
              alt={label(page, i)}
              width={`${zoom * 100}%`}
              // How wide the photo is drawn, so the browser takes the copy that is sharp enough.
              sizes={mode === 'side' ? `calc(${zoom} * 50vw)` : `calc(${zoom} * min(100vw, 60rem))`}
              onClick={(e) => setZoom(zoom > MIN_ZOOM ? MIN_ZOOM : 2, { x: e.clientX, y: e.clientY })}
            />
            <figcaption>
              {label(page, i)} ·{' '}
              <a href={page.url} target="_blank" rel="noopener">
                Original photo{pages.length > 1 ? ` ${i + 1}` : ''}
              </a>
            </figcaption>
          </figure>
        ))}
      </div>
    </>
  );

  if (mode === 'side') {
    const slot = document.getElementById(PRINTED_SIDE_ID);
    return slot
      ? createPortal(
          <section className="printed-aside" aria-labelledby={headingId}>
            {body}
          </section>,
          slot,
        )
      : null;
  }
  return (
    <dialog ref={dialog} className="printed-dialog" aria-labelledby={headingId} onClose={onClose}>
      {body}
    </dialog>
  );
}
