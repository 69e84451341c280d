/**
 * Where each word read stands in a line as the poem keeps it: found in order, from where the word
 * before ended. The line may differ a little from the words joined (indentation before them, a
 * word broken at a turned line joined without its hyphen, characters no poem keeps taken out): a
 * word not found as read is looked for without a hyphen at its end, else left out (it has no mark).
 */
export function locateWords<W extends { text: string }>(line: string, words: W[]): Array<W & { start: number; end: number }> {
  const found: Array<W & { start: number; end: number }> = [];
  let cursor = 0;
  for (const word of words) {
    for (const form of [word.text, word.text.replace(/-$/, '')]) {
      if (form === '') continue;
      const start = line.indexOf(form, cursor);
      if (start < 0) continue;
      found.push({ ...word, start, end: start + form.length });
      cursor = start + form.length;
      break;
    }
  }
  return found;
}
