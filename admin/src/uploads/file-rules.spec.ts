import { ErrorCode } from 'react-dropzone';
import { describe, expect, it } from 'vitest';
import { translate as t } from '../i18n/i18n-provider.js';
import { BOOK_FILE_RULES, PAGE_PHOTO_RULES, isJunkFile, kindOf, refusalText, sortDrop, type Refusal } from './file-rules.js';

const file = (name: string) => ({ name });
const refused = (name: string, code: string, message = 'no'): Refusal => ({ file: { name }, errors: [{ code, message }] });

describe('the files a drop zone takes', () => {
  it('takes the photo types the server reads in the wizard, and PDFs as well in a whole-book import', () => {
    expect(PAGE_PHOTO_RULES.accept).toEqual({
      'image/jpeg': ['.jpg', '.jpeg'],
      'image/png': ['.png'],
      'image/webp': ['.webp'],
      'image/heic': ['.heic'],
      'image/heif': ['.heif'],
    });
    expect(BOOK_FILE_RULES.accept).toEqual({ ...PAGE_PHOTO_RULES.accept, 'application/pdf': ['.pdf'] });
    // SPEC section 9: 10 photos per metadata upload and per scan; a book import holds 2,000 pages.
    expect(PAGE_PHOTO_RULES.max).toBe(10);
    expect(BOOK_FILE_RULES.max).toBe(2000);
    expect(PAGE_PHOTO_RULES.minSize).toBe(0);
  });

  it('knows the files a computer leaves beside photos, whatever their case', () => {
    expect(isJunkFile('.DS_Store')).toBe(true);
    expect(isJunkFile('Thumbs.db')).toBe(true);
    expect(isJunkFile('thumbs.DB')).toBe(true);
    expect(isJunkFile('IMG_1.jpg')).toBe(false);
    expect(isJunkFile('my.DS_Store.jpg')).toBe(false);
  });

  it('tells a PDF, a HEIC photo (often with no type) and a photo apart', () => {
    expect(kindOf({ name: 'book.PDF', type: '' })).toBe('pdf');
    expect(kindOf({ name: 'scan', type: 'application/pdf' })).toBe('pdf');
    expect(kindOf({ name: 'IMG_0042.HEIC', type: '' })).toBe('heic');
    expect(kindOf({ name: 'x', type: 'image/heif' })).toBe('heic');
    expect(kindOf({ name: 'page.webp', type: 'image/webp' })).toBe('photo');
  });
});

describe('what a drop zone says about a refused file', () => {
  it('in the words of SPEC section 5', () => {
    expect(refusalText(refused('notes.txt', ErrorCode.FileInvalidType), PAGE_PHOTO_RULES, t)).toBe(
      'notes.txt: File type must be image/jpeg, image/png, image/webp, image/heic, image/heif',
    );
    expect(refusalText(refused('book.docx', ErrorCode.FileInvalidType), BOOK_FILE_RULES, t)).toBe(
      'book.docx: File type must be image/jpeg, image/png, image/webp, image/heic, image/heif, application/pdf',
    );
    expect(refusalText(refused('a.jpg', ErrorCode.FileTooSmall), PAGE_PHOTO_RULES, t)).toBe('a.jpg: File is smaller than 0 bytes');
    expect(refusalText(refused('a.jpg', ErrorCode.TooManyFiles), PAGE_PHOTO_RULES, t)).toBe('Too many files');
    expect(refusalText(refused('a.jpg', 'other', 'Odd file'), PAGE_PHOTO_RULES, t)).toBe('a.jpg: Odd file');
    expect(refusalText({ file: { name: 'a.jpg' }, errors: [] }, PAGE_PHOTO_RULES, t)).toBe('a.jpg: rejected');
  });
});

describe('one drop, sorted', () => {
  const tooMany = 'Maximum 10 images allowed per batch';

  it('skips junk files without a word, taken or refused', () => {
    const sorted = sortDrop(
      { accepted: [file('p1.jpg'), file('.DS_Store')], refused: [refused('Thumbs.db', ErrorCode.FileInvalidType)], held: 0 },
      PAGE_PHOTO_RULES,
      t,
      tooMany,
    );
    expect(sorted).toEqual({ taken: [file('p1.jpg')], messages: [] });
  });

  it('takes what there is room for and says first that the rest were left out, then why each refused file was', () => {
    const accepted = Array.from({ length: 5 }, (_, i) => file(`p${i + 1}.jpg`));
    const sorted = sortDrop(
      { accepted, refused: [refused('notes.txt', ErrorCode.FileInvalidType)], held: 7 },
      PAGE_PHOTO_RULES,
      t,
      tooMany,
    );
    expect(sorted.taken).toEqual(accepted.slice(0, 3));
    expect(sorted.messages).toEqual([tooMany, 'notes.txt: File type must be image/jpeg, image/png, image/webp, image/heic, image/heif']);
  });

  it('takes exactly as many as there is room for without a word, and none once full', () => {
    const three = [file('a.jpg'), file('b.jpg'), file('c.jpg')];
    expect(sortDrop({ accepted: three, refused: [], held: 7 }, PAGE_PHOTO_RULES, t, tooMany)).toEqual({ taken: three, messages: [] });
    expect(sortDrop({ accepted: three, refused: [], held: 10 }, PAGE_PHOTO_RULES, t, tooMany)).toEqual({ taken: [], messages: [tooMany] });
    // Held beyond the limit (the limit lowered since): still none, never a negative slice.
    expect(sortDrop({ accepted: three, refused: [], held: 12 }, PAGE_PHOTO_RULES, t, tooMany).taken).toEqual([]);
  });

  it('holds a whole book: 2,000 files, not 10', () => {
    const accepted = Array.from({ length: 2001 }, (_, i) => file(`IMG_${i + 1}.jpg`));
    const sorted = sortDrop({ accepted, refused: [], held: 0 }, BOOK_FILE_RULES, t, 'too many');
    expect(sorted.taken).toHaveLength(2000);
    expect(sorted.messages).toEqual(['too many']);
  });
});
