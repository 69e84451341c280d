import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslate } from 'react-admin';
import { ArchiveButton } from '../layout/archive-button.js';
import { lineAtOffset, lineStart, markAt, nextMark, readingOf, type DoubtMark } from './doubt-marks.js';
import { useProofreading } from './proofreading-context.js';

/** The text box a field renders (MUI's autosize keeps a hidden twin beside it for measuring). */
const textareaIn = (root: HTMLElement | null) => root?.querySelector<HTMLTextAreaElement>('textarea:not([aria-hidden="true"])') ?? null;

/** F8 / Shift+F8 as in editors' "next problem"; Alt+arrows for keyboards without function keys. */
function doubtKey(e: KeyboardEvent): 1 | -1 | 0 {
  if (e.key === 'F8') return e.shiftKey ? -1 : 1;
  if (e.altKey && e.key === 'ArrowDown') return 1;
  if (e.altKey && e.key === 'ArrowUp') return -1;
  return 0;
}

/**
 * Lays a copy of the text under the (transparent) text box with its doubtful words marked, kept on
 * the box's scroll and size. A textarea cannot style part of its text, and this keeps it a plain
 * textarea: the browser's own editing, undo and spell-check stay as they are.
 */
function MarksUnderText({
  textarea,
  body,
  marks,
  current,
}: {
  textarea: HTMLTextAreaElement;
  body: string;
  marks: DoubtMark[];
  current?: DoubtMark;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const copy = useRef<HTMLPreElement>(null);
  useLayoutEffect(() => {
    const place = () => {
      const f = frame.current;
      const c = copy.current;
      const parent = f?.offsetParent;
      if (!f || !c || !parent) return;
      const at = textarea.getBoundingClientRect();
      const origin = parent.getBoundingClientRect();
      const style = getComputedStyle(textarea);
      Object.assign(f.style, {
        top: `${at.top - origin.top + textarea.clientTop}px`,
        left: `${at.left - origin.left + textarea.clientLeft}px`,
        width: `${textarea.clientWidth}px`,
        height: `${textarea.clientHeight}px`,
      });
      Object.assign(c.style, {
        font: style.font,
        letterSpacing: style.letterSpacing,
        lineHeight: style.lineHeight,
        tabSize: style.tabSize,
        padding: style.padding,
        transform: `translate(${-textarea.scrollLeft}px, ${-textarea.scrollTop}px)`,
      });
    };
    place();
    const resized = new ResizeObserver(place);
    resized.observe(textarea);
    textarea.addEventListener('scroll', place);
    return () => {
      resized.disconnect();
      textarea.removeEventListener('scroll', place);
    };
  }, [textarea, body]);
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const m of marks) {
    pieces.push(body.slice(at, m.start));
    pieces.push(
      <mark key={m.start} className={m === current ? 'doubt current' : 'doubt'}>
        {body.slice(m.start, m.end)}
      </mark>,
    );
    at = m.end;
  }
  pieces.push(body.slice(at), '\n');
  return (
    <div ref={frame} className="doubt-marks" aria-hidden="true">
      <pre ref={copy}>{pieces}</pre>
    </div>
  );
}

/** Scrolls a text box so a line is in view (the browser brings the caret's column in itself). */
function reveal(textarea: HTMLTextAreaElement, line: number) {
  const lineHeight = parseFloat(getComputedStyle(textarea).lineHeight) || 24;
  const top = line * lineHeight;
  if (top < textarea.scrollTop || top + lineHeight > textarea.scrollTop + textarea.clientHeight) {
    textarea.scrollTop = Math.max(0, top - textarea.clientHeight / 2);
  }
}

/**
 * A poem's text box with what its scan doubted (Edit Poem, the wizard's preview, Proofread this
 * book): the doubtful words marked by a wavy underline (a shape, not a colour alone) and counted,
 * F8 / Shift+F8 and two buttons to walk them, "Looks right" for the word the caret is in, and the
 * caret's line outlined on the page photo beside it. Outside a poem with a reading, the text box
 * as it is.
 */
export function DoubtfulText({ body, children }: { body: string; children: ReactNode }) {
  const translate = useTranslate();
  const proofreading = useProofreading();
  const root = useRef<HTMLDivElement>(null);
  const [textarea, setTextarea] = useState<HTMLTextAreaElement | null>(null);
  const [selection, setSelection] = useState({ start: -1, end: -1 });
  const lines = proofreading?.lines;
  const reading = useMemo(() => (lines ? readingOf(body, lines) : null), [body, lines]);
  const marks = useMemo(() => reading?.marks ?? [], [reading]);
  const current = selection.start >= 0 ? markAt(marks, selection.start) : undefined;

  // Found again if the field renders it anew (a form whose record loads after it mounts).
  useLayoutEffect(() => {
    const found = textareaIn(root.current);
    if (found !== textarea) setTextarea(found);
  }, [textarea, body]);

  // The caret is followed wherever it moves (keys, clicks, a selection made by this component).
  useEffect(() => {
    if (!textarea) return;
    const follow = () => {
      if (document.activeElement === textarea) setSelection({ start: textarea.selectionStart, end: textarea.selectionEnd });
    };
    document.addEventListener('selectionchange', follow);
    textarea.addEventListener('focus', follow);
    return () => {
      document.removeEventListener('selectionchange', follow);
      textarea.removeEventListener('focus', follow);
    };
  }, [textarea]);

  // The caret's line, outlined on its photo.
  const setOutline = proofreading?.setOutline;
  const place = selection.start >= 0 ? reading?.places[lineAtOffset(body, selection.start)] : undefined;
  const photo = place?.photo ?? null;
  const box = place?.box ?? null;
  useEffect(() => {
    if (!setOutline) return;
    setOutline(photo !== null && box ? { photo, box } : null);
  }, [setOutline, photo, box]);

  const select = useCallback(
    (start: number, end: number) => {
      if (!textarea) return;
      textarea.focus();
      textarea.setSelectionRange(start, end);
      reveal(textarea, lineAtOffset(textarea.value, start));
      setSelection({ start, end });
    },
    [textarea],
  );
  const go = useCallback(
    (direction: 1 | -1) => {
      if (!textarea) return;
      const mark = nextMark(marks, { start: textarea.selectionStart, end: textarea.selectionEnd }, direction);
      if (mark) select(mark.start, mark.end);
    },
    [marks, select, textarea],
  );

  // A line clicked on the photo: the caret goes to the start of its text.
  const onPickLine = proofreading?.onPickLine;
  useEffect(() => {
    if (!onPickLine || !reading) return;
    onPickLine((savedLine) => {
      const here = reading.places.findIndex((p) => p?.savedLine === savedLine);
      if (here < 0) return;
      const at = lineStart(body, here);
      select(at, at);
    });
    return () => onPickLine(null);
  }, [onPickLine, reading, body, select]);

  // What the live line last said of a word found right (a screen reader hears the mark go).
  const [cleared, setCleared] = useState<{ said: string; at: number } | null>(null);
  const looksRight = async (mark: DoubtMark) => {
    if (!proofreading || !(await proofreading.looksRight(mark))) return;
    setCleared({ said: translate('archive.proofreading.looked_right', { word: mark.word }), at: mark.start });
    // Back to the text where it was, for the next word.
    select(mark.start, mark.end);
  };

  const onKeyDown = (e: ReactKeyboardEvent) => {
    const direction = doubtKey(e.nativeEvent);
    if (!direction) return;
    e.preventDefault();
    go(direction);
  };

  const known = reading !== null && (marks.length > 0 || reading.places.some((p) => p?.box));
  return (
    // The keys work from the text and from the buttons under it alike.
    <div onKeyDown={onKeyDown}>
      <div ref={root} className="doubtful-text">
        {children}
        {textarea && marks.length > 0 ? <MarksUnderText textarea={textarea} body={body} marks={marks} current={current} /> : null}
      </div>
      {known && proofreading ? (
        <Stack spacing={0.5} sx={{ mt: 0.5 }} data-doubts={marks.length}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {marks.length
                ? translate('archive.proofreading.doubts', { smart_count: marks.length, count: marks.length })
                : translate('archive.proofreading.no_doubts')}
            </Typography>
            <IconButton
              size="small"
              aria-label={translate('archive.proofreading.previous_doubt')}
              disabled={!marks.length}
              onClick={() => go(-1)}
            >
              <KeyboardArrowUpIcon />
            </IconButton>
            <IconButton
              size="small"
              aria-label={translate('archive.proofreading.next_doubt')}
              disabled={!marks.length}
              onClick={() => go(1)}
            >
              <KeyboardArrowDownIcon />
            </IconButton>
            <Typography variant="caption" color="text.secondary">
              {translate('archive.proofreading.doubt_keys')}
            </Typography>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32 }}>
            <Typography variant="body2" aria-live="polite" data-current-doubt>
              {current
                ? translate('archive.proofreading.current_doubt', {
                    n: marks.indexOf(current) + 1,
                    count: marks.length,
                    word: current.word,
                    line: current.line + 1,
                    why: current.reasons
                      .map((r) => translate(`archive.proofreading.reasons.${r}`, { percent: Math.round(current.confidence * 100) }))
                      .join('; '),
                  })
                : cleared?.at === selection.start
                  ? cleared.said
                  : ''}
            </Typography>
            {current ? (
              <ArchiveButton variant="outline" size="sm" loading={proofreading.busy} onClick={() => void looksRight(current)}>
                {translate('archive.proofreading.looks_right')}
              </ArchiveButton>
            ) : null}
          </Stack>
        </Stack>
      ) : null}
    </div>
  );
}
