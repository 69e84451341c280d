import { InitialSchema1763700000000 } from './1763700000000-initial-schema.js';
import { ScanPages1763800000000 } from './1763800000000-scan-pages.js';
import { Search1763900000000 } from './1763900000000-search.js';
import { ScanJobs1763920000000 } from './1763920000000-scan-jobs.js';
import { FailedLogins1763940000000 } from './1763940000000-failed-logins.js';
import { ForgivingSearch1764100000000 } from './1764100000000-forgiving-search.js';
import { Revisions1764200000000 } from './1764200000000-revisions.js';
import { MemorialSettings1764300000000 } from './1764300000000-memorial-settings.js';
import { PageRotation1764400000000 } from './1764400000000-page-rotation.js';
import { BookImports1764500000000 } from './1764500000000-book-imports.js';
import { PublicationLanguage1764600000000 } from './1764600000000-publication-language.js';
import { SearchStems1764700000000 } from './1764700000000-search-stems.js';
import { Recordings1764800000000 } from './1764800000000-recordings.js';
import { PoemStatus1764810000000 } from './1764810000000-poem-status.js';
import { PoemReports1764820000000 } from './1764820000000-poem-reports.js';
import { PoemReading1764830000000 } from './1764830000000-poem-reading.js';
import { ProofreadingPlaces1764840000000 } from './1764840000000-proofreading-places.js';
import { PoemLanguage1764850000000 } from './1764850000000-poem-language.js';
import { PdfPagesDrawnInJobs1764860000000 } from './1764860000000-pdf-pages-drawn-in-jobs.js';

/** Every migration, in order. Listed explicitly so the compiled ESM build needs no file globbing. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  ScanPages1763800000000,
  Search1763900000000,
  ScanJobs1763920000000,
  FailedLogins1763940000000,
  ForgivingSearch1764100000000,
  Revisions1764200000000,
  MemorialSettings1764300000000,
  PageRotation1764400000000,
  BookImports1764500000000,
  PublicationLanguage1764600000000,
  SearchStems1764700000000,
  Recordings1764800000000,
  PoemStatus1764810000000,
  PoemReports1764820000000,
  PoemReading1764830000000,
  ProofreadingPlaces1764840000000,
  PoemLanguage1764850000000,
  PdfPagesDrawnInJobs1764860000000,
];
