import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatMark, lineAt, markNext, markRange, nudgeMark, parseMark, placeMark } from '../../../contracts/line-marks.js';
import type { RecordingResponse } from '../../../contracts/recordings.js';
import { ArchiveButton } from '../layout/archive-button.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';

const NUDGE = 0.1;

const sameMarks = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((m, i) => m === b[i]);

/**
 * Marking where each line starts, for reading along: the curator plays the recording and, as each
 * line begins, presses Space or Enter on "Mark line" (focused when playing starts) or taps it. The
 * poem's lines are listed with their marks, each nudged by a tenth of a second, typed, set to the
 * moment playing, or played from; the line being heard is shown. Save stores them (`line_marks`);
 * closing with marks not saved asks first.
 */
export function MarkLines({
  recording,
  name,
  lines,
  onClose,
  onSaved,
}: {
  recording: RecordingResponse;
  /** Who reads, for the title and the player's label. */
  name: string;
  lines: string[];
  onClose: () => void;
  onSaved: (saved: RecordingResponse) => void;
}) {
  const translate = useTranslate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const notify = useNotify();
  const titleId = useId();
  const audio = useRef<HTMLAudioElement>(null);
  const markButton = useRef<HTMLButtonElement>(null);
  // A poem shortened since it was marked keeps the marks of the lines it still has.
  const [marks, setMarks] = useState(() => recording.line_marks.slice(0, lines.length));
  const [now, setNow] = useState(0);
  const [asking, setAsking] = useState(false);
  const duration = recording.duration_seconds;
  const changed = !sameMarks(marks, recording.line_marks);
  const timeNow = () => audio.current?.currentTime ?? 0;
  // The line a press marks now: the first whose mark is not before this moment (markNext).
  const next = marks.filter((mark) => mark < now).length;
  const current = now > 0 ? lineAt(marks, now) : -1;

  const mark = () => setMarks((m) => markNext(m, timeNow(), lines.length));
  // Marked at the key's press, not its release: Space would otherwise click late.
  const markByKey = (event: KeyboardEvent) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    if (!event.repeat) mark();
  };
  const playFrom = (line: number) => {
    const player = audio.current;
    if (!player || marks[line] === undefined) return;
    player.currentTime = marks[line];
    void player.play();
  };
  const save = useMutation({
    mutationFn: () => dp.updateRecording(recording.id, { line_marks: marks }),
    onSuccess: (saved) => {
      notify('archive.marks.saved', { type: 'success' });
      onSaved(saved);
    },
    onError: (error) => notify('archive.marks.save_failed', { type: 'error', messageArgs: { error: (error as Error).message } }),
  });
  const close = () => (changed ? setAsking(true) : onClose());

  return (
    <Dialog open onClose={close} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('archive.marks.title', { name })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2">{translate('archive.marks.help')}</Typography>
          <audio
            ref={audio}
            controls
            preload="metadata"
            src={recording.url}
            aria-label={translate('archive.marks.player', { name })}
            style={{ width: '100%' }}
            onPlay={() => markButton.current?.focus()}
            onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
            onSeeked={(e) => setNow(e.currentTarget.currentTime)}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ArchiveButton ref={markButton} size="lg" onKeyDown={markByKey} onClick={mark}>
              {next < lines.length ? translate('archive.marks.mark_next', { n: next + 1 }) : translate('archive.marks.all_marked')}
            </ArchiveButton>
            <Typography role="status" data-testid="marks-count">
              {translate('archive.marks.count', { marked: marks.length, smart_count: lines.length })}
            </Typography>
            <ArchiveButton variant="ghost" size="sm" disabled={marks.length === 0} onClick={() => setMarks([])}>
              {translate('archive.marks.clear')}
            </ArchiveButton>
          </Stack>
          <Box component="ol" aria-label={translate('archive.marks.lines')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {lines.map((text, line) => (
              <MarkRow
                key={line}
                line={line}
                text={text}
                mark={marks[line]}
                current={line === current}
                canPlace={line <= marks.length}
                range={markRange(marks, line, duration)}
                onPlace={(time) => {
                  const placed = placeMark(marks, line, time, duration);
                  if (placed) setMarks(placed);
                  return placed !== undefined;
                }}
                onNudge={(delta) => setMarks(nudgeMark(marks, line, delta, duration))}
                onNow={timeNow}
                onPlay={() => playFrom(line)}
              />
            ))}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <ArchiveButton variant="ghost" onClick={close}>
          {translate('archive.marks.cancel')}
        </ArchiveButton>
        <ArchiveButton disabled={!changed} loading={save.isPending} onClick={() => save.mutate()}>
          {translate('archive.marks.save')}
        </ArchiveButton>
      </DialogActions>
      <Confirm
        isOpen={asking}
        title="archive.marks.discard_title"
        content="archive.marks.discard_content"
        confirm="archive.marks.discard"
        cancel="archive.marks.keep_marking"
        confirmColor="warning"
        onConfirm={onClose}
        onClose={() => setAsking(false)}
      />
    </Dialog>
  );
}

function MarkRow({
  line,
  text,
  mark,
  current,
  canPlace,
  range,
  onPlace,
  onNudge,
  onNow,
  onPlay,
}: {
  line: number;
  text: string;
  mark: number | undefined;
  current: boolean;
  /** Marked, or the next line to mark. */
  canPlace: boolean;
  range: { min: number; max: number };
  onPlace: (time: number) => boolean;
  onNudge: (delta: number) => void;
  /** The moment playing. */
  onNow: () => number;
  onPlay: () => void;
}) {
  const translate = useTranslate();
  const n = line + 1;
  const shown = mark === undefined ? '' : formatMark(mark);
  // What is typed, applied when it was typed (leaving the field untouched never rounds the mark to what it shows).
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setDraft(null);
    setProblem(null);
  }, [mark]);
  const place = (time: number | undefined) => {
    if (time === undefined) return setProblem(translate('archive.marks.not_a_time'));
    if (!onPlace(time))
      return setProblem(translate('archive.marks.out_of_order', { min: formatMark(range.min), max: formatMark(range.max) }));
    setDraft(null);
    setProblem(null);
  };
  const typed = () => {
    if (draft !== null) place(parseMark(draft));
  };
  return (
    <Box
      component="li"
      aria-current={current || undefined}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        py: 0.5,
        pl: 1,
        borderLeft: 4,
        borderColor: current ? 'primary.main' : 'transparent',
      }}
    >
      <Typography component="span" color="text.secondary" sx={{ width: '2.5ch', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {n}
      </Typography>
      {/* The line being heard: a bar at its side and a tint behind its words (the controls keep their contrast). */}
      <Typography
        component="span"
        sx={{ flex: '1 1 14rem', fontFamily: 'Georgia, serif', px: 0.5, borderRadius: 1, bgcolor: current ? 'action.selected' : undefined }}
      >
        {text}
      </Typography>
      <TextField
        size="small"
        value={draft ?? shown}
        placeholder="–"
        disabled={!canPlace}
        error={problem !== null}
        helperText={problem ?? undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={typed}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            typed();
          } else if (e.key === 'Escape' && draft !== null) {
            e.stopPropagation();
            setDraft(null);
            setProblem(null);
          }
        }}
        slotProps={{ htmlInput: { 'aria-label': translate('archive.marks.line_time', { n }), inputMode: 'decimal', size: 6 } }}
        sx={{ width: '7.5rem' }}
      />
      {(
        [
          ['earlier', 'ghost', mark !== undefined, () => onNudge(-NUDGE)],
          ['later', 'ghost', mark !== undefined, () => onNudge(NUDGE)],
          ['now', 'outline', canPlace, () => place(onNow())],
          ['play', 'outline', mark !== undefined, onPlay],
        ] as const
      ).map(([action, variant, enabled, act]) => (
        <ArchiveButton
          key={action}
          variant={variant}
          size="xs"
          disabled={!enabled}
          aria-label={translate(`archive.marks.${action}_named`, { n })}
          onClick={act}
        >
          {translate(`archive.marks.${action}`)}
        </ArchiveButton>
      ))}
    </Box>
  );
}
