import { POEM_PREVIEW_LINES } from '../constants.js';
import { Button } from '../layout/button.js';
import { MSG } from '../messages.js';
import type { Poem } from '../providers/types.js';

export function previewLines(body: string, lines = POEM_PREVIEW_LINES): string {
  return body.split('\n').slice(0, lines).join('\n');
}

export function PoemCard({ poem, onEdit, onDelete }: { poem: Poem; onEdit: () => void; onDelete: () => void }) {
  return (
    <article className="card poem-card" aria-label={poem.title}>
      <header className="card-header">
        <h3>{poem.title}</h3>
        <span className="muted">
          {poem.line_count} lines • {poem.word_count} words
        </span>
      </header>
      <pre className="poem-preview">{previewLines(poem.body)}</pre>
      <div className="row">
        <Button size="sm" variant="outline" onClick={onEdit}>
          {MSG.detail.edit}
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete}>
          {MSG.actions.delete}
        </Button>
      </div>
    </article>
  );
}
