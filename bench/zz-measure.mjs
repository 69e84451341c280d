import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { normalisePageImage, storableImage } from '../src/scanning/infrastructure/images/page-image.intake.ts';
if (process.env.NOCACHE) sharp.cache(false);
const status = () =>
  Object.fromEntries(
    readFileSync('/proc/self/status', 'utf8')
      .split('\n')
      .filter((l) => /^Vm(RSS|HWM)/.test(l))
      .map((l) => [l.split(':')[0], Math.round(parseInt(l.split(':')[1]) / 1024)]),
  );
const out = [];
global.gc();
const base = status().VmRSS;
for (const file of process.argv.slice(2)) {
  const data = readFileSync(file);
  global.gc();
  const before = status();
  const t0 = Date.now();
  let err;
  try {
    await normalisePageImage(data, 0);
    await storableImage(data);
  } catch (e) {
    err = e.message;
  }
  const peak = status();
  out.push({ file: file.split('/').pop(), ms: Date.now() - t0, before: before.VmRSS - base, peak: peak.VmHWM - base, err });
}
global.gc();
await new Promise((r) => setTimeout(r, 2000));
console.log(JSON.stringify(out), 'settled', status().VmRSS - base);
