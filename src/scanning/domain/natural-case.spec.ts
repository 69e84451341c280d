import { describe, expect, it } from 'vitest';
import { naturalCase } from './natural-case.js';

describe('natural case of text printed in capitals', () => {
  it('gives titles their natural case, small words in lower case inside', () => {
    expect(naturalCase('THE OVEN BIRD')).toBe('The Oven Bird');
    expect(naturalCase('STOPPING BY WOODS ON A SNOWY EVENING')).toBe('Stopping by Woods on a Snowy Evening');
    expect(naturalCase("THERE'S A CERTAIN SLANT OF LIGHT")).toBe("There's a Certain Slant of Light");
    expect(naturalCase('FIRE AND ICE')).toBe('Fire and Ice');
    expect(naturalCase('IN THE GARDEN')).toBe('In the Garden');
    expect(naturalCase('WHAT THE WIND IS FOR')).toBe('What the Wind Is For');
  });

  it('keeps roman numerals, the pronoun I and the vocative O in capitals', () => {
    expect(naturalCase('SONNET XVIII')).toBe('Sonnet XVIII');
    expect(naturalCase('O CAPTAIN! MY CAPTAIN!')).toBe('O Captain! My Captain!');
    expect(naturalCase('WHEN I WAS ONE-AND-TWENTY')).toBe('When I Was One-And-Twenty');
    expect(naturalCase('THE MIX OF DAYS')).toBe('The Mix of Days');
  });

  it("handles apostrophes: 'Tis, O'er in titles, O'Brien in names", () => {
    expect(naturalCase("'TIS THE SEASON")).toBe("'Tis the Season");
    expect(naturalCase("O'ER THE HILLS")).toBe("O'er the Hills");
    expect(naturalCase("SEAMUS O'BRIEN", 'name')).toBe("Seamus O'Brien");
    expect(naturalCase('WALTER DE LA MARE', 'name')).toBe('Walter de la Mare');
    expect(naturalCase('ROBERT FROST', 'name')).toBe('Robert Frost');
  });

  it('leaves anything already in mixed case exactly as it is', () => {
    expect(naturalCase('The Oven Bird')).toBe('The Oven Bird');
    expect(naturalCase('i carry your heart with me')).toBe('i carry your heart with me');
    expect(naturalCase('SONG for a NEW DAY')).toBe('SONG for a NEW DAY');
    expect(naturalCase('1916')).toBe('1916');
  });
});
