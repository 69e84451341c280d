import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { Button } from '../layout/button.js';
import { MSG } from '../messages.js';
import type { Poem } from '../providers/types.js';
import { PoemTextArea } from './poem-text-area.js';

export interface PoemEdit {
  title: string;
  body: string;
  notes: string;
}

export function PoemEditDialog({ poem, onCancel, onSave }: { poem: Poem | null; onCancel: () => void; onSave: (edit: PoemEdit) => Promise<void> }) {
  const [edit, setEdit] = useState<PoemEdit>({ title: '', body: '', notes: '' });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (poem) setEdit({ title: poem.title, body: poem.body, notes: poem.notes ?? '' });
  }, [poem]);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(edit);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={poem !== null} onClose={onCancel} fullWidth maxWidth="md" aria-labelledby="poem-edit-title">
      <DialogTitle id="poem-edit-title">{MSG.detail.editPoem}</DialogTitle>
      <DialogContent>
        <label className="field">
          <span>{MSG.detail.title}</span>
          <input value={edit.title} onChange={(e) => setEdit({ ...edit, title: e.target.value })} />
        </label>
        <label className="field">
          <span>{MSG.detail.poemText}</span>
          <PoemTextArea rows={16} value={edit.body} onChange={(body) => setEdit({ ...edit, body })} />
        </label>
        <label className="field">
          <span>{MSG.detail.notes}</span>
          <textarea rows={3} value={edit.notes} onChange={(e) => setEdit({ ...edit, notes: e.target.value })} />
        </label>
      </DialogContent>
      <DialogActions>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {MSG.detail.cancel}
        </Button>
        <Button onClick={() => void save()} loading={saving}>
          {MSG.detail.save}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
