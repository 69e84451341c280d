import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const require = createRequire(import.meta.url);

/**
 * Runs in a worker thread of its own: libheif (WebAssembly, with an HEVC decoder the prebuilt
 * image library lacks) decodes the picture, applying its rotation, and sharp writes it as a JPEG
 * straight from libheif's memory. A decoder's memory grows to hold the whole picture several
 * times over and WebAssembly never gives memory back, so each photo gets a worker that ends with
 * it: what the decode took is returned when it ends. Plain CommonJS, evaluated as it stands (no
 * build step puts a file beside the compiled code for it).
 */
const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const libheif = require(workerData.libheif);
const sharp = require(workerData.sharp);
(async () => {
  await libheif.ready;
  const decoder = new libheif.HeifDecoder();
  const [primary] = decoder.decode(workerData.data);
  if (!primary) throw new Error('no picture in the file');
  const image = await libheif.heif_js_decode_image2(primary.handle, libheif.heif_colorspace.heif_colorspace_RGB, libheif.heif_chroma.heif_chroma_interleaved_RGB);
  if (!image || image.code) throw new Error((image && image.message) || 'the picture could not be decoded');
  const plane = image.channels.find((c) => c.id === libheif.heif_channel.heif_channel_interleaved);
  let pixels = Buffer.from(plane.data.buffer, plane.data.byteOffset, plane.stride * plane.height);
  let rowWidth = plane.stride / 3;
  if (!Number.isInteger(rowWidth)) {
    // Rows padded to a length that is no whole pixel: copied tight, row by row.
    const tight = Buffer.alloc(plane.width * 3 * plane.height);
    for (let y = 0; y < plane.height; y++) pixels.copy(tight, y * plane.width * 3, y * plane.stride, y * plane.stride + plane.width * 3);
    pixels = tight;
    rowWidth = plane.width;
  }
  const jpeg = await sharp(pixels, { raw: { width: rowWidth, height: plane.height, channels: 3 } })
    .extract({ left: 0, top: 0, width: plane.width, height: plane.height })
    .jpeg({ quality: workerData.quality })
    .toBuffer();
  // sharp's buffer lives in native memory, which Node 24 refuses to transfer: copied once into
  // memory of the thread's own, which moves to the caller without a second copy.
  const out = new Uint8Array(jpeg.length);
  out.set(jpeg);
  parentPort.postMessage({ jpeg: out }, [out.buffer]);
})().catch((error) => parentPort.postMessage({ error: String((error && error.message) || error) }));
`;

/** A HEIC/HEIF photo as a full-size JPEG (its first picture, upright), decoded in a worker thread that ends with it. */
export async function heifToJpeg(data: Buffer, quality = 92): Promise<Buffer> {
  const worker = new Worker(WORKER_CODE, {
    eval: true,
    workerData: { libheif: require.resolve('libheif-js/wasm-bundle'), sharp: require.resolve('sharp'), data, quality },
  });
  try {
    const answer = await new Promise<{ jpeg?: Uint8Array; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the decoder stopped (code ${code})`)));
    });
    if (!answer.jpeg) throw new Error(answer.error ?? 'the picture could not be decoded');
    return Buffer.from(answer.jpeg.buffer, answer.jpeg.byteOffset, answer.jpeg.byteLength);
  } finally {
    await worker.terminate();
  }
}
