export interface Counts {
  poems: number;
  found: number;
  extra: number;
  titles: number;
  pages: number;
  cerEdits: number;
  cerLength: number;
  lines: number;
  linesKept: number;
  breaks: number;
  breaksMatched: number;
  breaksExtra: number;
  indentChecked: number;
  indentKept: number;
  missed: string[];
}

export interface Rates {
  found: number;
  cer: number;
  lines: number;
  breaks: number;
  indentation: number;
  titles: number;
  pages: number;
}

export function fold(text: string): string;
export function levenshtein(a: string, b: string): number;
export function alike(a: string, b: string): number;
export function matchPoems(truth: Array<{ body: string }>, extracted: Array<{ body: string }>): Array<number | undefined>;
export function scorePoems(
  truth: Array<{ title: string; body: string; page_numbers: number[] }>,
  extracted: Array<{ title: string; body: string; page_numbers: number[] }>,
): Counts;
export function addCounts(a: Counts, b: Counts): Counts;
export function rates(c: Counts): Rates;
export function otherIsbnForm(isbn: string): string;
export function scoreMetadata(
  expect: { title: string; authors: string[]; publisher: string; publication_date: string; isbn: string },
  got: { title?: string; authors?: string[]; publisher?: string; publication_date?: string; isbn?: string },
): { right: number; of: number; fields: Record<string, boolean> };
