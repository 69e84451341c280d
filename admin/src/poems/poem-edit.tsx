import { EditBase } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import type { Publication } from '../../../contracts/catalog.js';
import { detailPath } from '../publications/publication-card.js';
import { PagePhoto } from './page-photo.js';
import { PoemDialog, PoemFields } from './poem-dialog.js';

/**
 * Edit Poem, over the detail page (/admin/publication/{ref}/poems/{id}): the page photograph beside
 * the text, as in the wizard. Saving is undoable; the notification says it was updated.
 */
export function PoemEdit({ publication }: { publication: Publication }) {
  const { poemId = '' } = useParams();
  const navigate = useNavigate();
  const back = detailPath(publication);
  const close = () => navigate(back);
  return (
    <EditBase resource="poems" id={poemId} mutationMode="undoable" redirect={() => back.replace(/^\/admin\//, '')} error={false} redirectOnError={() => back.replace(/^\/admin\//, '')}>
      <PoemDialog titleKey="archive.poem.edit_title" saveKey="archive.poem.save" onClose={close} aside={<PagePhoto poemId={poemId} />}>
        <PoemFields />
      </PoemDialog>
    </EditBase>
  );
}
