import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { Publication } from '../../../contracts/catalog.js';

export type BadgeKind = 'published' | 'draft' | 'deleted';

export function badgeKind(publication: Pick<Publication, 'status' | 'deleted_at'>): BadgeKind {
  return publication.deleted_at ? 'deleted' : publication.status === 'published' ? 'published' : 'draft';
}

const COLOUR = { published: 'success', draft: 'warning', deleted: 'error' } as const;

/** Published, Draft, or Deleted in the trash (SPEC section 2). */
export function StatusBadge({ publication }: { publication: Pick<Publication, 'status' | 'deleted_at'> }) {
  const kind = badgeKind(publication);
  return (
    <Chip size="small" variant="outlined" color={COLOUR[kind]} label={useTranslate()(`archive.status.${kind}`)} sx={{ fontWeight: 600 }} />
  );
}
