export interface PageCounts {
  cerEdits: number;
  cerLength: number;
  lines: number;
  linesKept: number;
  indentKept: number;
  /** True lines lost, as printed. */
  lost: string[];
  /** Kept lines indented where the truth is not, or the other way round. */
  misindented: string[];
}

export interface RealScanPage {
  name: string;
  data: Buffer;
  text: string;
}

export interface RealScanBook {
  name: string;
  /** As truth.json gives them ("Fuente Ovejuna. Comedia (edición revisada por …)"). */
  title: string;
  author: string;
  language: string;
  pages: RealScanPage[];
}

type Poem = { title: string; body: string };

export function foldText(text: string): string;
export function extractedText(poems: Poem[]): string;
export function trueText(text: string): string;
export function scorePage(truth: string, poems: Poem[]): PageCounts;
export function addCounts(a: PageCounts, b: PageCounts): PageCounts;
export function rates(c: PageCounts): { cer: number; lines: number; indentation: number };
export function readRealScans(dir: string): RealScanBook[];
