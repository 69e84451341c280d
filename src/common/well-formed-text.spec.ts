import { describe, expect, it } from 'vitest';
import { formFieldNotUtf8, hasLoneSurrogate, markingInvalidUtf8 } from './well-formed-text.js';

describe('text that is not Unicode', () => {
  it('finds lone surrogates, not pairs', () => {
    expect(hasLoneSurrogate('a\ud800b')).toBe(true);
    expect(hasLoneSurrogate('\udfff')).toBe(true);
    expect(hasLoneSurrogate('🌙 \ud83c\udf19 \uFFFD')).toBe(false);
  });

  it('marks each byte outside well-formed UTF-8 as a lone-surrogate escape, keeping the rest', () => {
    const bytes = Buffer.concat([Buffer.from('é '), Buffer.from([0xff, 0xc3]), Buffer.from(' 🌙 '), Buffer.from([0xed, 0xa0, 0x80])]);
    expect(markingInvalidUtf8(bytes)).toBe('é \\udcff\\udcc3 🌙 \\udced\\udca0\\udc80');
    expect(JSON.parse(`"${markingInvalidUtf8(Buffer.from([0x41, 0xf4, 0x90, 0x80, 0x80]))}"`)).toBe('A\udcf4\udc90\udc80\udc80');
  });

  it('names the form field whose escapes are not UTF-8', () => {
    expect(formFieldNotUtf8('q=caf%C3%A9&limit=5')).toBeUndefined();
    expect(formFieldNotUtf8('q=100%&x=a+b')).toBeUndefined();
    expect(formFieldNotUtf8('admin=true&q=caf%E9')).toBe('q');
    expect(formFieldNotUtf8('q=%ED%A0%80')).toBe('q');
  });
});
