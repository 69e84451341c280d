import CloseIcon from '@mui/icons-material/Close';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { BookFile } from './book-files.js';

const TILE_PX = 96;

function Tile({ item, index, disabled, onRemove }: { item: BookFile; index: number; disabled: boolean; onRemove: (id: string) => void }) {
  const translate = useTranslate();
  const locked = disabled || item.status === 'sent';
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled: locked });
  const name = item.file.name;
  // A photo the browser cannot draw (damaged, empty) shows as a tile with its name, like a PDF.
  const [broken, setBroken] = useState(false);
  const thumbnail = item.preview !== null && !broken;
  const kindText = translate(
    item.kind === 'pdf' ? 'archive.book_import.pdf' : item.kind === 'heic' ? 'archive.book_import.heic' : 'archive.book_import.photo',
  );
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid="book-file"
      data-name={name}
      sx={{
        position: 'relative',
        width: TILE_PX,
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 1 : 'auto',
        opacity: isDragging ? 0.8 : 1,
      }}
    >
      <Box
        {...attributes}
        {...listeners}
        sx={{
          width: TILE_PX,
          height: TILE_PX,
          borderRadius: 1,
          border: 2,
          borderColor: item.status === 'refused' ? 'error.main' : item.status === 'sent' ? 'success.main' : 'grey.300',
          bgcolor: 'grey.100',
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          cursor: locked ? 'default' : 'grab',
          touchAction: 'none',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {/* Named by its content, so a tile that shows its kind in words says it too (what is seen is what is heard). */}
        <span className="sr-only">{translate('archive.book_import.drag', { name })}</span>
        {thumbnail ? (
          <img
            src={item.preview ?? undefined}
            alt=""
            onError={() => setBroken(true)}
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          // A PDF, or a HEIC photo browsers cannot show: a tile with its kind (its name is below).
          <Box sx={{ textAlign: 'center', color: 'text.secondary' }}>
            {item.kind === 'pdf' ? <DescriptionOutlinedIcon /> : <ImageOutlinedIcon />}
            <Typography variant="caption" component="div">
              {kindText}
            </Typography>
          </Box>
        )}
      </Box>
      <Typography
        variant="caption"
        component="div"
        title={name}
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        <span className="sr-only">{translate('archive.book_import.position', { n: index + 1, name: '' })}</span>
        <bdi>{name}</bdi>
      </Typography>
      {item.status === 'sent' ? (
        <Typography variant="caption" component="div" color="success.main">
          {translate('archive.book_import.sent')}
        </Typography>
      ) : (
        <IconButton
          size="small"
          aria-label={translate('archive.book_import.remove', { name })}
          disabled={disabled}
          onClick={() => onRemove(item.id)}
          sx={{
            position: 'absolute',
            top: -8,
            right: -8,
            bgcolor: 'error.main',
            color: 'common.white',
            '&:hover': { bgcolor: 'error.dark' },
          }}
        >
          <CloseIcon fontSize="inherit" />
        </IconButton>
      )}
    </Box>
  );
}

/**
 * The chosen files as sortable thumbnails: dnd-kit gives dragging by mouse, touch and keyboard
 * (Space, arrows, Space) with its screen-reader announcements, here worded through the i18n
 * provider like every other text.
 */
export function BookFileList({
  files,
  disabled,
  onMove,
  onRemove,
}: {
  files: BookFile[];
  disabled: boolean;
  onMove: (from: string, to: string) => void;
  onRemove: (id: string) => void;
}) {
  const translate = useTranslate();
  const sensors = useSensors(
    // A short move before a drag starts, so a click on a tile stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier | undefined) => files.find((f) => f.id === id)?.file.name ?? '';
  const placeOf = (id: UniqueIdentifier | undefined) => files.findIndex((f) => f.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => translate('archive.book_import.dnd_picked', { name: nameOf(active.id), n: placeOf(active.id) }),
    // Over itself is where every drag begins: the pick-up is what is said then.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? translate('archive.book_import.dnd_over', { name: nameOf(active.id), n: placeOf(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over ? translate('archive.book_import.dnd_dropped', { name: nameOf(active.id), n: placeOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => translate('archive.book_import.dnd_cancelled', { name: nameOf(active.id) }),
  };
  const ids = useMemo(() => files.map((f) => f.id), [files]);
  const end = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{ announcements, screenReaderInstructions: { draggable: translate('archive.book_import.order_help') } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <Box
          component="ol"
          aria-label={translate('archive.book_import.count', { smart_count: files.length })}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}
        >
          {files.map((item, i) => (
            <Tile key={item.id} item={item} index={i} disabled={disabled} onRemove={onRemove} />
          ))}
        </Box>
      </SortableContext>
    </DndContext>
  );
}
