import { describe, expect, it } from 'vitest';
import { kindOf } from '../uploads/file-rules.js';
import { bookFilesReducer, naturalOrder, unsent, type BookFile } from './book-files.js';

const file = (name: string, type = 'image/jpeg') => ({ name, type }) as File;
const item = (name: string, type?: string): BookFile => ({
  id: name,
  file: file(name, type),
  kind: kindOf(file(name, type)),
  preview: null,
  status: 'waiting',
});
const names = (files: BookFile[]) => files.map((f) => f.file.name);

describe('the order of a book’s files', () => {
  it('follows the numbers in the names as people count them, not character by character', () => {
    const order = naturalOrder(['IMG_10.jpg', 'IMG_2.jpg', 'IMG_1.jpg', 'img_3.JPG', 'IMG_21.jpg', 'IMG_100.jpg'].map((n) => item(n)));
    expect(names(order)).toEqual(['IMG_1.jpg', 'IMG_2.jpg', 'img_3.JPG', 'IMG_10.jpg', 'IMG_21.jpg', 'IMG_100.jpg']);
  });

  it('puts files chosen later after the ones already there, in name order among themselves', () => {
    let files = bookFilesReducer([], { type: 'ADDED', files: [item('p10.jpg'), item('p9.jpg')] });
    files = bookFilesReducer(files, { type: 'ADDED', files: [item('p2.jpg'), item('p1.jpg')] });
    expect(names(files)).toEqual(['p9.jpg', 'p10.jpg', 'p1.jpg', 'p2.jpg']);
  });
});

describe('reordering and removing before the import starts', () => {
  const three = () => bookFilesReducer([], { type: 'ADDED', files: ['a1.jpg', 'a2.jpg', 'a3.jpg', 'a4.jpg'].map((n) => item(n)) });

  it('moves a dragged file to the place of the one it was dropped on, either way', () => {
    expect(names(bookFilesReducer(three(), { type: 'MOVED', from: 'a1.jpg', to: 'a3.jpg' }))).toEqual([
      'a2.jpg',
      'a3.jpg',
      'a1.jpg',
      'a4.jpg',
    ]);
    expect(names(bookFilesReducer(three(), { type: 'MOVED', from: 'a4.jpg', to: 'a2.jpg' }))).toEqual([
      'a1.jpg',
      'a4.jpg',
      'a2.jpg',
      'a3.jpg',
    ]);
    expect(names(bookFilesReducer(three(), { type: 'MOVED', from: 'a4.jpg', to: 'gone' }))).toEqual([
      'a1.jpg',
      'a2.jpg',
      'a3.jpg',
      'a4.jpg',
    ]);
  });

  it('removes a file, and the ones after it move up a place', () => {
    const files = bookFilesReducer(three(), { type: 'REMOVED', id: 'a2.jpg' });
    expect(unsent(files).map(({ file, position }) => [file.file.name, position])).toEqual([
      ['a1.jpg', 0],
      ['a3.jpg', 1],
      ['a4.jpg', 2],
    ]);
  });
});

describe('sending the files', () => {
  it('after a refusal, keeps the files already sent where they are and sends the rest from the refused one’s place once it is removed', () => {
    let files = bookFilesReducer([], { type: 'ADDED', files: ['p1.jpg', 'p2.jpg', 'p3.jpg', 'p4.jpg'].map((n) => item(n)) });
    files = bookFilesReducer(files, { type: 'SENT', id: 'p1.jpg' });
    files = bookFilesReducer(files, { type: 'REFUSED', id: 'p2.jpg', error: 'The photo is empty (0 bytes)' });
    expect(files[1]).toMatchObject({ status: 'refused', error: 'The photo is empty (0 bytes)' });
    // A file the server holds can be neither removed nor moved: the contract cannot take it back.
    expect(bookFilesReducer(files, { type: 'REMOVED', id: 'p1.jpg' })).toBe(files);
    expect(bookFilesReducer(files, { type: 'MOVED', from: 'p3.jpg', to: 'p1.jpg' })).toBe(files);
    files = bookFilesReducer(files, { type: 'REMOVED', id: 'p2.jpg' });
    files = bookFilesReducer(files, { type: 'MOVED', from: 'p4.jpg', to: 'p3.jpg' });
    expect(unsent(files).map(({ file, position }) => [file.file.name, position])).toEqual([
      ['p4.jpg', 1],
      ['p3.jpg', 2],
    ]);
  });

  it('sends a refused file again once it is chosen again in its place', () => {
    let files = bookFilesReducer([], { type: 'ADDED', files: [item('p1.jpg')] });
    files = bookFilesReducer(files, { type: 'REFUSED', id: 'p1.jpg', error: 'no' });
    expect(unsent(files)).toHaveLength(1);
    files = bookFilesReducer(files, { type: 'SENT', id: 'p1.jpg' });
    expect(files[0]).toMatchObject({ status: 'sent', error: undefined });
    expect(unsent(files)).toEqual([]);
  });
});
