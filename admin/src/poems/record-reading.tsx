import MicIcon from '@mui/icons-material/Mic';
import StopIcon from '@mui/icons-material/Stop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatDuration } from '../../../contracts/recordings.js';
import { ArchiveButton } from '../layout/archive-button.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import { soundLevel, type useRecorder } from './use-recorder.js';

/**
 * Recording a reading in the browser, in Edit Poem's "Add a recording": Record (the microphone is
 * asked for then), a level meter and the time while recording, Stop, then the recording to hear
 * back and Discard (after asking). Keeping it is the section's own upload, with the same details.
 */
export function RecordReading({ recorder, onRecord }: { recorder: ReturnType<typeof useRecorder>; onRecord: () => void }) {
  const translate = useTranslate();
  const labelId = useId();
  const { state } = recorder;
  if (state.phase === 'recording') {
    return (
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <RecordingMeter analyser={state.analyser} startedAt={state.startedAt} />
        <ArchiveButton variant="danger" startIcon={<StopIcon />} onClick={recorder.stop}>
          {translate('archive.recorder.stop')}
        </ArchiveButton>
      </Stack>
    );
  }
  if (state.phase === 'recorded') {
    return (
      <Stack spacing={1}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
          {translate('archive.recorder.listen')}
        </Typography>
        <audio controls src={state.url} aria-labelledby={labelId} style={{ width: '100%' }} />
        <Box>
          <ConfirmButton
            variant="outline"
            color="error"
            size="sm"
            label={translate('archive.recorder.discard')}
            confirmTitle="archive.recorder.discard_title"
            confirmContent="archive.recorder.discard_content"
            onConfirm={recorder.discard}
          />
        </Box>
      </Stack>
    );
  }
  return (
    <Box>
      <ArchiveButton variant="outline" startIcon={<MicIcon />} loading={state.phase === 'asking'} onClick={onRecord}>
        {translate('archive.recorder.record')}
      </ArchiveButton>
      {state.phase === 'idle' && state.problem && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate(`archive.recorder.${state.problem}`)}
        </Alert>
      )}
    </Box>
  );
}

/** The time recorded and the microphone's level, read from the analyser at each frame. */
function RecordingMeter({ analyser, startedAt }: { analyser: AnalyserNode; startedAt: number }) {
  const translate = useTranslate();
  const [reading, setReading] = useState({ level: 0, seconds: 0 });
  useEffect(() => {
    const samples = new Float32Array(analyser.fftSize);
    let frame = requestAnimationFrame(function read() {
      analyser.getFloatTimeDomainData(samples);
      setReading({ level: soundLevel(samples), seconds: (performance.now() - startedAt) / 1000 });
      frame = requestAnimationFrame(read);
    });
    return () => cancelAnimationFrame(frame);
  }, [analyser, startedAt]);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', width: '100%' }}>
      <Typography role="timer" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {translate('archive.recorder.time', { time: formatDuration(Math.floor(reading.seconds)) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={Math.round(reading.level * 100)}
        aria-label={translate('archive.recorder.level')}
        sx={{ flex: 1, height: 10, borderRadius: 5 }}
      />
    </Stack>
  );
}
