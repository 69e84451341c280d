/** Types for the plain-ESM page-photo renderer (see page-photos.mjs). */
export interface BookPoem {
  title: string;
  body: string;
  /** Set as prose: each line of the body is a paragraph, justified, its first line indented. */
  prose?: boolean;
}
export interface Book {
  title: string;
  authors: string[];
  publisher: string;
  publication_date: string;
  isbn: string;
  city: string;
  poems: BookPoem[];
  firstPageNumber: number;
}
export interface RenderOptions {
  seed?: number;
  /** false renders the pages straight; otherwise each page is tilted 1-2 degrees. */
  rotate?: boolean;
  maxPages?: number;
  jpegQuality?: number;
  noise?: number;
  /** Scales the finished photo (e.g. 0.6 for a camera further from the page). */
  photoScale?: number;
  pageNumberPosition?: 'footer' | 'header';
  /** A page on which a poem opens prints no page number. */
  unnumberedOpenings?: boolean;
  /** These pages print no page number, as a scan that cut it off or a torn corner leaves none to read. */
  unreadableFolios?: number[];
  /** A page on which a poem opens prints no running header. */
  headlessOpenings?: boolean;
  /** The running header in the text's own type and case (not small letter-spaced capitals). */
  plainHeads?: boolean;
  poems?: BookPoem[];
  /** Opens the end of a turned-over line with "[", as older books print it. */
  turnoverBracket?: boolean;
  /** Sets the end of a turned-over line this many em in from the line's start, instead of flush right. */
  turnoverIndent?: number;
  /** Leaves a dot, two specks and a pencil tick in the left margin, beside lines of verse. */
  marginMarks?: boolean;
  /** A verse play: a line in capitals alone is a speaker's name, set centred over the speech. */
  speakerNames?: boolean;
}
export interface PagePart {
  poemIndex: number;
  startsPoem: boolean;
  lines: string[];
}
export interface RenderedPage {
  kind: 'poems';
  image: Buffer;
  pageNumber: number;
  angle: number;
  parts: PagePart[];
}
export interface PrintedPoem {
  title: string;
  body: string;
  page_numbers: number[];
}
export interface RenderedBook {
  pages: RenderedPage[];
  poems: PrintedPoem[];
}
export interface RenderedMetadataPage {
  kind: 'cover' | 'title' | 'copyright';
  image: Buffer;
  angle: number;
}
export interface RenderedMetadata {
  pages: RenderedMetadataPage[];
  metadata: { title: string; authors: string[]; publisher: string; publication_date: string; isbn: string };
}
export declare const SAMPLE_POEMS: BookPoem[];
export declare const LONG_LINED_POEMS: BookPoem[];
export declare const EVERY_LINE_TURNS_POEMS: BookPoem[];
export declare const PREFACE_AND_POEM: BookPoem[];
export declare const SAMPLE_METADATA: Omit<Book, 'poems' | 'firstPageNumber'>;
export declare function isbn10CheckDigit(nineDigits: string): string;
export declare function sampleBook(overrides?: Partial<Book>): Book;
export declare function layoutBook(book: Book, options?: RenderOptions): unknown[];
export declare function renderBookPages(book: Book, options?: RenderOptions): Promise<RenderedBook>;
export declare function renderMetadataPages(book: Book, options?: RenderOptions): Promise<RenderedMetadata>;
