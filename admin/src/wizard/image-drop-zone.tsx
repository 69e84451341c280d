import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { FileDropZone } from '../uploads/file-drop-zone.js';
import { PAGE_PHOTO_RULES } from '../uploads/file-rules.js';
import type { ImageItem } from './wizard.machine.js';

let counter = 0;

/** The wizard's photos (cover and title pages, or pages to scan): the admin's drop zone, and the chosen photos as thumbnails. */
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

  // Thumbnails are object URLs; free them when they leave the list.
  useEffect(() => () => images.forEach((i) => URL.revokeObjectURL(i.preview)), []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <FileDropZone
      rules={PAGE_PHOTO_RULES}
      held={images.length}
      onFiles={(files) => onAdd(files.map((file) => ({ id: `img-${++counter}`, file, preview: URL.createObjectURL(file) })))}
      label={label}
      counter={`${images.length} / ${PAGE_PHOTO_RULES.max}`}
      tooManyMessage={maxMessage}
      disabled={disabled}
      testId={testId}
    >
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
    </FileDropZone>
  );
}
