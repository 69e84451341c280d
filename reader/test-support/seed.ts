import type { INestApplicationContext } from '@nestjs/common';
import { CatalogCommands } from '../../src/catalog/application/catalog-commands.js';
import { CatalogQueries } from '../../src/catalog/application/catalog-queries.js';
import type { Poem, Publication } from '../../contracts/catalog.js';
import { toPoemResponse, toPublicationResponse } from '../../src/catalog/application/catalog-responses.js';

export const HOSTILE_TITLE = '</title><script>alert("title")</script><!-- & "quoted"';
export const HOSTILE_BODY = 'A line </script><script>alert("body")</script>\n  <img src=x onerror=alert(1)> & more';

export interface Seeded {
  river: Publication;
  riverPoems: Poem[];
  hostile: Publication;
  hostilePoem: Poem;
  draft: Publication;
  draftPoem: Poem;
  trashed: Publication;
  empty: Publication;
}

const RIVER_POEMS = [
  {
    title: 'The River at Dawn',
    body: 'The river wakes before the town,\n    and carries morning light\n        down past the mill, the willow, down\nto where the reeds hold night.\n\nA heron stands in silver water, still as a held breath, as long as any line of verse can run before it has to break and wrap upon a narrow phone screen.',
    pageNumbers: [3],
  },
  { title: 'Winter Orchard', body: 'Bare branches write\nagainst the white sky\n\nwhat summer meant.', pageNumbers: [4] },
  {
    title: 'Letters Home',
    body: 'Mother, the city is loud,\nthe trains are always late,\nbut the library keeps its quiet\nand I keep mine.',
    pageNumbers: [5],
  },
];

/** A small catalog as visitors and admins would see it (in the API's shape): published, hostile, draft, trash, empty. */
export async function seedCatalog(app: INestApplicationContext): Promise<Seeded> {
  const commands = app.get(CatalogCommands);
  const river = await commands.createPublication({
    title: 'River Songs',
    authors: [],
    publisher: 'Lantern Press',
    publicationDate: '1998',
    isbn: '978-0-306-40615-7',
    notes: '',
  });
  const riverPoems = await commands.addPoems(river.id, RIVER_POEMS);
  await commands.setStatus(river.id, 'published');

  const hostile = await commands.createPublication({
    title: HOSTILE_TITLE,
    authors: ['Guest <b>Author</b>'],
    publisher: '',
    publicationDate: 'March 2001',
    isbn: '',
    notes: '',
  });
  const [hostilePoem] = await commands.addPoems(hostile.id, [{ title: `Poem ${HOSTILE_TITLE}`, body: HOSTILE_BODY }]);
  await commands.setStatus(hostile.id, 'published');

  const draft = await commands.createPublication({
    title: 'Unfinished Drafts',
    authors: [],
    publisher: '',
    publicationDate: '',
    isbn: '',
    notes: '',
  });
  const [draftPoem] = await commands.addPoems(draft.id, [{ title: 'Secret Draft Poem', body: 'not for visitors' }]);

  const trashed = await commands.createPublication({
    title: 'Withdrawn Collection',
    authors: [],
    publisher: '',
    publicationDate: '',
    isbn: '',
    notes: '',
  });
  await commands.addPoems(trashed.id, [{ title: 'Withdrawn Poem', body: 'gone' }]);
  await commands.setStatus(trashed.id, 'published');
  await commands.moveToTrash(trashed.id);

  const empty = await commands.createPublication({
    title: 'Empty Notebook',
    authors: ['Ana Poet'],
    publisher: '',
    publicationDate: '',
    isbn: '',
    notes: '',
  });
  await commands.setStatus(empty.id, 'published');

  const queries = app.get(CatalogQueries);
  const fresh = async (p: { id: number }) => toPublicationResponse(await queries.getPublication(p.id, { staff: true }));
  return {
    river: await fresh(river),
    riverPoems: riverPoems.map(toPoemResponse),
    hostile: await fresh(hostile),
    hostilePoem: toPoemResponse(hostilePoem!),
    draft: toPublicationResponse(draft),
    draftPoem: toPoemResponse(draftPoem!),
    trashed: toPublicationResponse(trashed),
    empty: await fresh(empty),
  };
}
