import { MSG } from '../messages.js';
import type { Publication } from '../providers/types.js';

export function StatusBadge({ publication, inTrash = false }: { publication: Publication; inTrash?: boolean }) {
  const kind = inTrash || publication.deleted_at ? 'deleted' : publication.status === 'published' ? 'published' : 'draft';
  return <span className={`badge badge-${kind}`}>{MSG.status[kind]}</span>;
}
