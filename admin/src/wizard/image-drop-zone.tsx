import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import { PAGE_PHOTO_TYPES } from '../../../contracts/scanning.js';
import { FILE_DROP_MIN_BYTES, MAX_IMAGES_PER_UPLOAD } from '../constants.js';
import type { Translate } from './wizard-errors.js';
import type { ImageItem } from './wizard.machine.js';

const JUNK = new Set(['.ds_store', 'thumbs.db']);
/** The picker offers exactly the photo types the server takes (a HEIC photo often comes with no MIME type: its ending counts). */
const ACCEPT: Record<string, string[]> = Object.fromEntries(
  Object.entries(PAGE_PHOTO_TYPES).map(([type, endings]) => [type, [...endings]]),
);
const ACCEPT_TEXT = Object.keys(PAGE_PHOTO_TYPES).join(', ');
let counter = 0;

export function isJunkFile(name: string): boolean {
  return JUNK.has(name.toLowerCase());
}

/** react-dropzone's own rejection texts, as SPEC section 5 quotes them. */
function rejectionText(rejection: FileRejection, t: Translate): string {
  const e = rejection.errors[0];
  switch (e?.code) {
    case ErrorCode.FileInvalidType:
      return `${rejection.file.name}: ${t('archive.validation.file_type', { accept: ACCEPT_TEXT })}`;
    case ErrorCode.FileTooSmall:
      return `${rejection.file.name}: ${t('archive.validation.too_small', { n: FILE_DROP_MIN_BYTES })}`;
    case ErrorCode.TooManyFiles:
      return t('archive.validation.too_many');
    default:
      return `${rejection.file.name}: ${e?.message ?? t('archive.validation.rejected')}`;
  }
}

export function ImageDropZone({
  images,
  onAdd,
  onRemove,
  label,
  maxMessage,
  disabled,
  testId,
}: {
  images: ImageItem[];
  onAdd: (items: ImageItem[]) => void;
  onRemove: (id: string) => void;
  label: string;
  maxMessage: string;
  disabled?: boolean;
  testId: string;
}) {
  const translate = useTranslate();
  const [errors, setErrors] = useState<string[]>([]);
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    minSize: FILE_DROP_MIN_BYTES,
    multiple: true,
    disabled,
    onDrop(accepted, rejected) {
      const messages = rejected.filter((r) => !isJunkFile(r.file.name)).map((r) => rejectionText(r, translate));
      const wanted = accepted.filter((f) => !isJunkFile(f.name));
      const room = MAX_IMAGES_PER_UPLOAD - images.length;
      if (wanted.length > room) messages.unshift(maxMessage);
      const items = wanted
        .slice(0, Math.max(room, 0))
        .map((file) => ({ id: `img-${++counter}`, file, preview: URL.createObjectURL(file) }));
      if (items.length) onAdd(items);
      setErrors(messages);
    },
  });

  // Thumbnails are object URLs; free them when they leave the list.
  useEffect(() => () => images.forEach((i) => URL.revokeObjectURL(i.preview)), []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="drop-zone-wrap" data-testid={testId}>
      <div {...getRootProps({ className: `drop-zone${isDragActive ? ' active' : ''}${disabled ? ' disabled' : ''}` })}>
        <input {...getInputProps()} aria-label={label} />
        <p>{label}</p>
        <p className="counter">
          {images.length} / {MAX_IMAGES_PER_UPLOAD}
        </p>
      </div>
      {errors.length ? (
        <ul className="form-error" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
      {images.length ? (
        <ul className="thumbs">
          {images.map((img) => (
            <li key={img.id}>
              <img src={img.preview} alt={img.file.name} />
              <IconButton
                size="small"
                className="thumb-remove"
                aria-label={translate('archive.wizard.remove_image', { name: img.file.name })}
                disabled={disabled}
                onClick={() => {
                  URL.revokeObjectURL(img.preview);
                  onRemove(img.id);
                }}
              >
                <CloseIcon fontSize="inherit" />
              </IconButton>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
