import pLimit from 'p-limit';

/**
 * One full-size photo in memory at a time in a process: decoding an upload and finding the page
 * in a stored photo are the steps whose memory grows with the photo, and uploads and scans running
 * together would otherwise add theirs up (bench/photo-memory-bench.mjs measures it).
 */
export const oneFullSizePhotoAtATime = pLimit(1);

/**
 * The most pixels a page photo (and a PDF's page) may have (page-image.intake.ts says why 50):
 * here rather than there, so the PDF drawing process reads it without loading sharp.
 */
export const MAX_PAGE_MEGAPIXELS = 50;
