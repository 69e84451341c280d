// `node --import ./test/support/worker-process/register.mjs src/worker.ts` runs the TypeScript entry.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
