import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { serverField } from '../../../contracts/errors.js';
import { PORTRAIT_ASPECT, type MemorialSettings } from '../../../contracts/settings.js';
import { ConfirmButton } from '../layout/confirm-button.js';
import type { ArchiveDataProvider } from '../providers/data-provider.js';
import { ArchiveButton } from '../layout/archive-button.js';
import { PORTRAIT_TYPES, portraitProblem } from './portrait-file.js';

/** The chosen photo in react-easy-crop at the portrait's 4:5, sent with the part kept (in the photo's pixels) for the server to cut. */
function CropDialog({ file, onClose, onSaved }: { file: File; onClose: () => void; onSaved: (settings: MemorialSettings) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ArchiveDataProvider>();
  const [url] = useState(() => URL.createObjectURL(file));
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [busy, setBusy] = useState(false);
  const area = useRef<Area | null>(null);
  const titleId = useId();
  useEffect(() => () => URL.revokeObjectURL(url), [url]);

  const save = async () => {
    if (!area.current) return;
    const { x, y, width, height } = area.current;
    setBusy(true);
    try {
      const saved = await dataProvider.setPortrait(file, {
        x: Math.round(x),
        y: Math.round(y),
        width: Math.round(width),
        height: Math.round(height),
      });
      notify('archive.settings.portrait_saved', { type: 'success' });
      onSaved(saved);
    } catch (error) {
      notify(serverField(error, 'error') ?? String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{translate('archive.settings.crop_title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('archive.settings.crop_help')}
        </Typography>
        <Box sx={{ position: 'relative', height: 360, bgcolor: 'grey.900' }}>
          <Cropper
            image={url}
            crop={crop}
            zoom={zoom}
            aspect={PORTRAIT_ASPECT}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => (area.current = pixels)}
          />
        </Box>
        <Box sx={{ px: 1, pt: 2 }}>
          <Typography id={`${titleId}-zoom`} variant="body2">
            {translate('archive.settings.zoom')}
          </Typography>
          <Slider
            value={zoom}
            min={1}
            max={4}
            step={0.05}
            onChange={(_, value) => setZoom(value as number)}
            aria-labelledby={`${titleId}-zoom`}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <ArchiveButton variant="ghost" onClick={onClose} disabled={busy}>
          {translate('archive.settings.crop_cancel')}
        </ArchiveButton>
        <ArchiveButton variant="primary" onClick={() => void save()} loading={busy}>
          {translate(busy ? 'archive.settings.crop_saving' : 'archive.settings.crop_save')}
        </ArchiveButton>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The portrait: shown as the pages show it, replaced through the crop dialog or removed. Saved on
 * its own, at once, so the form's unsaved text is never reset by it.
 */
export function PortraitEditor({ record }: { record: MemorialSettings }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ArchiveDataProvider>();
  const [portrait, setPortrait] = useState(record.portrait_url);
  const [file, setFile] = useState<File | null>(null);
  /** Why the file just chosen was refused (a translated sentence naming it). */
  const [refused, setRefused] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const remove = async () => {
    try {
      setPortrait((await dataProvider.removePortrait()).portrait_url);
      notify('archive.settings.portrait_removed', { type: 'success' });
    } catch (error) {
      notify(serverField(error, 'error') ?? String(error), { type: 'error' });
    }
  };

  return (
    <Box
      component="section"
      aria-labelledby={`${inputId}-heading`}
      sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 3 }}
    >
      <Box
        sx={{
          width: 160,
          aspectRatio: `${PORTRAIT_ASPECT}`,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.200',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {portrait ? (
          <img
            src={portrait}
            alt={translate('archive.settings.portrait_alt', { name: record.poet_name })}
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ p: 1, textAlign: 'center' }}>
            {translate('archive.settings.portrait_none')}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start', maxWidth: 360 }}>
        <Typography id={`${inputId}-heading`} component="h2" variant="h6">
          {translate('archive.settings.portrait')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('archive.settings.portrait_help')}
        </Typography>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={PORTRAIT_TYPES.join(',')}
          hidden
          data-testid="portrait-file"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            event.target.value = '';
            setRefused(null);
            if (!chosen) return;
            // Only a photo the browser can draw opens the crop; anything else is refused here, saying why.
            void portraitProblem(chosen).then((problem) => {
              if (problem) setRefused(translate(problem, { name: chosen.name }));
              else setFile(chosen);
            });
          }}
        />
        <ArchiveButton variant="outline" onClick={() => input.current?.click()}>
          {translate(portrait ? 'archive.settings.portrait_change' : 'archive.settings.portrait_choose')}
        </ArchiveButton>
        {refused && (
          <Alert severity="error" role="alert" onClose={() => setRefused(null)}>
            {refused}
          </Alert>
        )}
        {portrait && (
          <ConfirmButton
            variant="ghost"
            label={translate('archive.settings.portrait_remove')}
            confirmTitle="archive.settings.remove_title"
            confirmContent="archive.settings.remove_confirm"
            onConfirm={remove}
          />
        )}
      </Box>
      {file && (
        <CropDialog
          file={file}
          onClose={() => setFile(null)}
          onSaved={(saved) => {
            setPortrait(saved.portrait_url);
            setFile(null);
          }}
        />
      )}
    </Box>
  );
}
