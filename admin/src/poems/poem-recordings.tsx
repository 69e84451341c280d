import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useDataProvider, useNotify, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { formatDuration } from '../../../contracts/recordings.js';
import type { RecordingResponse } from '../../../contracts/recordings.js';
import { setVerse } from '../../../contracts/verse.js';
import { ArchiveButton } from '../layout/archive-button.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import { poetName } from '../layout/poet-name.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import type { RecordingDetails } from '../providers/resources/recordings.js';
import { useUnsavedElsewhere } from '../layout/unsaved-elsewhere.js';
import { MarkLines } from './mark-lines.js';
import { RecordReading } from './record-reading.js';
import { useRecorder } from './use-recorder.js';

/** The audio the server keeps (it judges by the bytes; this only narrows the file chooser). */
const AUDIO_ACCEPT =
  'audio/mpeg,audio/aac,audio/mp4,audio/x-m4a,audio/ogg,audio/opus,audio/webm,audio/flac,audio/wav,audio/x-wav,.mp3,.aac,.m4a,.ogg,.oga,.opus,.webm,.flac,.wav';
const NO_DETAILS: RecordingDetails = { reader: '', recorded: '', source: '', notes: '' };

const errorArgs = (error: unknown) => ({ type: 'error' as const, messageArgs: { error: (error as Error).message } });

/**
 * This section sits inside the poem's form: Enter in one of its fields must not save the poem.
 * Its fields are plain inputs, outside react-admin's form state, so they never mark the poem changed.
 */
const keepEnter = (e: KeyboardEvent) => {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
};

/**
 * Edit Poem's recordings of the poem read aloud: uploaded or recorded here, with who reads, when
 * and from where, each heard here, described, marked line by line for reading along, moved up or
 * down, removed after asking. Each change is saved at once, apart from the poem's Save.
 */
export function PoemRecordings({ poemId }: { poemId: Identifier }) {
  const translate = useTranslate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const notify = useNotify();
  const queryClient = useQueryClient();
  // The poem's lines as saved (what the reader shows, and what line marks count), not as being typed.
  const body = useRecordContext<{ body?: string }>()?.body ?? '';
  const lines = useMemo(() => setVerse(body).stanzas.flatMap((stanza) => stanza.map((line) => line.text)), [body]);
  const key = ['poems', 'recordings', String(poemId)];
  const { data: recordings } = useQuery({ queryKey: key, queryFn: () => dp.getRecordings(poemId) });
  const set = (list: RecordingResponse[]) => queryClient.setQueryData(key, list);
  const reload = () => queryClient.invalidateQueries({ queryKey: key });
  const reorder = useMutation({
    mutationFn: (ids: number[]) => dp.reorderRecordings(poemId, ids),
    onSuccess: set,
    onError: (error) => notify('archive.recordings.reorder_failed', errorArgs(error)),
  });
  const move = (index: number, by: -1 | 1) => {
    const ids = (recordings ?? []).map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids);
  };
  const remove = async (r: RecordingResponse) => {
    try {
      await dp.removeRecording(r.id);
      notify('archive.recordings.removed', { type: 'info' });
    } catch (error) {
      notify('archive.recordings.remove_failed', errorArgs(error));
    }
    await reload();
  };

  return (
    <Box component="section" aria-labelledby="recordings-title" onKeyDown={keepEnter} sx={{ mt: 3 }}>
      <Typography id="recordings-title" variant="h6" component="h3">
        {translate('archive.recordings.title')}
      </Typography>
      {recordings && recordings.length === 0 && (
        <Typography color="text.secondary" sx={{ my: 1 }}>
          {translate('archive.recordings.none')}
        </Typography>
      )}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('archive.recordings.list')}>
        {recordings?.map((r, i) => (
          <Box component="li" key={r.id} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <RecordingItem
              recording={r}
              lines={lines}
              onSaved={(saved) => set((recordings ?? []).map((x) => (x.id === saved.id ? saved : x)))}
              actions={
                <>
                  <ArchiveButton
                    variant="ghost"
                    size="sm"
                    disabled={i === 0 || reorder.isPending}
                    aria-label={translate('archive.recordings.move_up_named', { name: titleOf(r) })}
                    onClick={() => move(i, -1)}
                  >
                    {translate('archive.recordings.move_up')}
                  </ArchiveButton>
                  <ArchiveButton
                    variant="ghost"
                    size="sm"
                    disabled={i === recordings.length - 1 || reorder.isPending}
                    aria-label={translate('archive.recordings.move_down_named', { name: titleOf(r) })}
                    onClick={() => move(i, 1)}
                  >
                    {translate('archive.recordings.move_down')}
                  </ArchiveButton>
                  <ConfirmButton
                    variant="outline"
                    color="error"
                    size="sm"
                    label={translate('archive.recordings.remove')}
                    aria-label={translate('archive.recordings.remove_named', { name: titleOf(r) })}
                    confirmTitle="archive.recordings.remove_title"
                    confirmContent="archive.recordings.remove_content"
                    confirmArgs={{ name: titleOf(r) }}
                    onConfirm={() => remove(r)}
                  />
                </>
              }
            />
          </Box>
        ))}
      </Box>
      <AddRecording poemId={poemId} onAdded={(added) => set([...(recordings ?? []), added])} />
    </Box>
  );
}

const titleOf = (r: RecordingResponse) => r.reader ?? poetName();

function RecordingItem({
  recording: r,
  lines,
  onSaved,
  actions,
}: {
  recording: RecordingResponse;
  lines: string[];
  onSaved: (saved: RecordingResponse) => void;
  actions: ReactNode;
}) {
  const translate = useTranslate();
  const [editing, setEditing] = useState(false);
  const [marking, setMarking] = useState(false);
  const id = `recording-${r.id}`;
  const who = r.reader ?? translate('archive.recordings.the_poet', { name: poetName() });
  const facts = [formatDuration(r.duration_seconds), r.recorded, r.source].filter((s) => s.trim()).join(' · ');
  return (
    <Stack spacing={1}>
      <Typography id={`${id}-name`} sx={{ fontWeight: 600 }}>
        {translate('archive.recordings.read_by', { name: who })}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="recording-facts">
        {facts}
      </Typography>
      {r.notes && <Typography variant="body2">{r.notes}</Typography>}
      {r.line_marks.length > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="recording-marks">
          {translate('archive.marks.summary', { marked: r.line_marks.length, smart_count: lines.length })}
        </Typography>
      )}
      <audio controls preload="none" src={r.url} aria-labelledby={`${id}-name`} style={{ width: '100%' }} />
      {editing ? (
        <DetailsForm
          initial={{ reader: r.reader ?? '', recorded: r.recorded, source: r.source, notes: r.notes }}
          recordingId={r.id}
          onDone={(saved) => {
            if (saved) onSaved(saved);
            setEditing(false);
          }}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          <ArchiveButton variant="outline" size="sm" onClick={() => setEditing(true)}>
            {translate('archive.recordings.edit')}
          </ArchiveButton>
          <ArchiveButton
            variant="outline"
            size="sm"
            disabled={lines.length === 0}
            aria-label={translate('archive.marks.open_named', { name: who })}
            onClick={() => setMarking(true)}
          >
            {translate('archive.marks.open')}
          </ArchiveButton>
          {actions}
        </Stack>
      )}
      {marking && (
        <MarkLines
          recording={r}
          name={who}
          lines={lines}
          onClose={() => setMarking(false)}
          onSaved={(saved) => {
            onSaved(saved);
            setMarking(false);
          }}
        />
      )}
    </Stack>
  );
}

function DetailFields({ value, onChange }: { value: RecordingDetails; onChange: (next: RecordingDetails) => void }) {
  const translate = useTranslate();
  const field = (name: keyof RecordingDetails, extra: object = {}) => (
    <TextField
      size="small"
      label={translate(`archive.recordings.${name}`)}
      value={value[name]}
      onChange={(e) => onChange({ ...value, [name]: e.target.value })}
      fullWidth
      {...extra}
    />
  );
  return (
    <>
      {field('reader', { helperText: translate('archive.recordings.reader_help', { name: poetName() }) })}
      {field('recorded', { helperText: translate('archive.recordings.recorded_help') })}
      {field('source', { helperText: translate('archive.recordings.source_help') })}
      {field('notes', { multiline: true, minRows: 2 })}
    </>
  );
}

function DetailsForm({
  initial,
  recordingId,
  onDone,
}: {
  initial: RecordingDetails;
  recordingId: number;
  onDone: (saved?: RecordingResponse) => void;
}) {
  const translate = useTranslate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const notify = useNotify();
  const [value, setValue] = useState(initial);
  const save = useMutation({
    mutationFn: () => dp.updateRecording(recordingId, { ...value, reader: value.reader.trim() || null }),
    onSuccess: (saved) => onDone(saved),
    onError: (error) => notify('archive.recordings.save_failed', errorArgs(error)),
  });
  return (
    <Stack spacing={1.5} sx={{ pt: 1 }}>
      <DetailFields value={value} onChange={setValue} />
      <Stack direction="row" spacing={1}>
        <ArchiveButton variant="ghost" size="sm" onClick={() => onDone()}>
          {translate('archive.recordings.cancel')}
        </ArchiveButton>
        <ArchiveButton size="sm" loading={save.isPending} onClick={() => save.mutate()}>
          {translate('archive.recordings.save')}
        </ArchiveButton>
      </Stack>
    </Stack>
  );
}

function AddRecording({ poemId, onAdded }: { poemId: Identifier; onAdded: (added: RecordingResponse) => void }) {
  const translate = useTranslate();
  const dp = useDataProvider<ArchiveDataProvider>();
  const notify = useNotify();
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | undefined>(undefined);
  const [details, setDetails] = useState(NO_DETAILS);
  const recorder = useRecorder();
  const { phase } = recorder.state;
  const recorded = recorder.state.phase === 'recorded' ? recorder.state.file : undefined;
  // A reading being recorded, or recorded and not kept, is never lost unasked.
  useUnsavedElsewhere(phase === 'recording' || phase === 'recorded' ? 'archive.recorder.unkept' : null);
  const add = useMutation({
    mutationFn: (chosen: File) => dp.addRecording(poemId, chosen, details),
    onSuccess: (added) => {
      onAdded(added);
      notify('archive.recordings.added', { type: 'success' });
      setFile(undefined);
      setDetails(NO_DETAILS);
      recorder.discard();
      if (input.current) input.current.value = '';
    },
    // A recording not kept stays here, to be kept again.
    onError: (error) => notify('archive.recordings.add_failed', errorArgs(error)),
  });
  const chosen = recorded ?? file;
  // A recording replaces a file chosen before it: one thing is kept at a time.
  const record = () => {
    setFile(undefined);
    if (input.current) input.current.value = '';
    void recorder.start();
  };
  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('archive.recordings.add_title')}
      </Typography>
      {phase === 'idle' || phase === 'asking' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box>
            <Typography component="label" htmlFor={fileId} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
              {translate('archive.recordings.file')}
            </Typography>
            <input ref={input} id={fileId} type="file" accept={AUDIO_ACCEPT} onChange={(e) => setFile(e.currentTarget.files?.[0])} />
          </Box>
          <RecordReading recorder={recorder} onRecord={record} />
        </Stack>
      ) : (
        <RecordReading recorder={recorder} onRecord={record} />
      )}
      <DetailFields value={details} onChange={setDetails} />
      <Box>
        <ArchiveButton disabled={!chosen || phase === 'recording'} loading={add.isPending} onClick={() => chosen && add.mutate(chosen)}>
          {translate(phase === 'recording' || recorded ? 'archive.recorder.keep' : 'archive.recordings.add')}
        </ArchiveButton>
      </Box>
    </Stack>
  );
}
