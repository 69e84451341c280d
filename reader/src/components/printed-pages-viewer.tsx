import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PoemPage } from '../../../contracts/reader-page.js';

const ZOOMS = [1, 1.5, 2, 3];

/**
 * A page photo turned upright as the curator set it. CSS rotates without changing the layout box,
 * so a quarter turn gets a box of the turned shape (from the photo's proportions once loaded) and
 * the photo turns about its centre inside it, cut off nowhere.
 */
function TurnedPhoto({ page, alt, width, onClick }: { page: PoemPage; alt: string; width: string; onClick: () => void }) {
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
        src={page.url}
        alt={alt}
        style={img}
        onClick={onClick}
        onLoad={(e) => setRatio(e.currentTarget.naturalWidth / e.currentTarget.naturalHeight)}
      />
    </div>
  );
}

/**
 * The photos of a poem's printed pages in a modal dialog (loaded on the first "See the printed
 * page"): fitted to the screen, zoomable with buttons, a click on the photo, or the phone's own
 * pinch; Escape or Close returns to the poem.
 */
export function PrintedPagesViewer({ pages, title, bookTitle }: { pages: PoemPage[]; title: string; bookTitle: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [zoom, setZoom] = useState(0);
  useEffect(() => dialog.current?.showModal(), []);
  // Escape closes the viewer and nothing else: handled here, the reader (listening on the window) leaves it be.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || !dialog.current?.open) return;
      event.preventDefault();
      dialog.current.close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const label = (page: PoemPage, i: number) =>
    `${page.page_number !== null ? `Page ${page.page_number}` : `Photograph ${i + 1} of ${pages.length}`}${bookTitle ? ` of ${bookTitle}` : ''}, as printed`;
  const zoomBy = (step: number) => setZoom((z) => Math.min(ZOOMS.length - 1, Math.max(0, z + step)));
  return (
    <dialog ref={dialog} className="printed-dialog" aria-labelledby="printed-title">
      <div className="printed-bar">
        <h2 id="printed-title" className="printed-heading">
          {title}: the printed page{pages.length > 1 ? 's' : ''}
        </h2>
        <div className="printed-tools">
          <button type="button" className="button button-outline button-small" onClick={() => zoomBy(-1)} disabled={zoom === 0}>
            Zoom out
          </button>
          <span className="zoom-level" aria-live="polite">{`${ZOOMS[zoom]! * 100}%`}</span>
          <button
            type="button"
            className="button button-outline button-small"
            onClick={() => zoomBy(1)}
            disabled={zoom === ZOOMS.length - 1}
          >
            Zoom in
          </button>
          <button type="button" className="button button-small button-primary" onClick={() => dialog.current?.close()}>
            Close
          </button>
        </div>
      </div>
      {/* Focusable, so the keyboard scrolls a zoomed photo. */}
      <div className="printed-photos" tabIndex={0} role="region" aria-label="Page photographs">
        {pages.map((page, i) => (
          <figure key={page.id} className="printed-photo">
            <TurnedPhoto
              page={page}
              alt={label(page, i)}
              width={`${ZOOMS[zoom]! * 100}%`}
              onClick={() => setZoom((z) => (z === 0 ? 2 : 0))}
            />
            <figcaption>{label(page, i)}</figcaption>
          </figure>
        ))}
      </div>
    </dialog>
  );
}
