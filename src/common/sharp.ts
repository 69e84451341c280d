import sharp from 'sharp';

/**
 * sharp as every part of the archive uses it, with libvips's process-wide settings made here, once
 * for each place the module loads. sharp's module sets libvips's operation cache back to its
 * defaults whenever it is loaded, and the image thread (image-threads.ts) loads its own copy after
 * the process has started: the cache came back for the whole process and kept the last photo's
 * decoder (a 50-megapixel progressive JPEG's 300 MB of coefficients) after its scan had ended
 * (bench/photo-memory-bench.mjs). Importing sharp elsewhere is refused (.dependency-cruiser.cjs).
 */

// Photos are never read twice in a row, so nothing is lost without the cache of recent operations.
sharp.cache(false);
// libvips works an image with a thread per core by default, each with buffers of its own: at most
// two keeps what a many-core machine holds during a photo near what the 2-core machines the
// archive is measured on hold (bench/photo-memory-bench.mjs), where two is the default anyway.
sharp.concurrency(Math.min(2, sharp.concurrency()));

export default sharp;
export type { Metadata, Sharp } from 'sharp';
