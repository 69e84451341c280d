import { createRequire } from 'node:module';
import type * as OpenCv from '@techstark/opencv-js';

/** The OpenCV namespace (WebAssembly build from the registry: no native toolchain, nothing downloaded). */
export type Cv = typeof OpenCv;

type EmscriptenModule = Cv & { onRuntimeInitialized?: () => void; then?: unknown };

const require = createRequire(import.meta.url);
let loading: Promise<Cv> | undefined;

/**
 * Loads OpenCV once per process (about 0.2 s and 100 MB); later calls share it. The module is a
 * WebAssembly runtime that is usable only after its initialisation callback.
 */
export function loadOpenCv(): Promise<Cv> {
  loading ??= new Promise<Cv>((resolve, reject) => {
    try {
      // The Emscripten glue registers process-wide handlers that turn any unhandled rejection in
      // the archive into a WebAssembly abort; the process keeps Node's own handling instead.
      const before = { exception: process.listeners('uncaughtException'), rejection: process.listeners('unhandledRejection') };
      const cv = require('@techstark/opencv-js') as EmscriptenModule;
      for (const listener of process.listeners('uncaughtException'))
        if (!before.exception.includes(listener)) process.off('uncaughtException', listener);
      for (const listener of process.listeners('unhandledRejection'))
        if (!before.rejection.includes(listener)) process.off('unhandledRejection', listener);
      const ready = () => {
        // The Emscripten module is a thenable that resolves to itself; a promise resolved with it
        // would chase that forever, so it stops being one once it is ready.
        delete cv.then;
        resolve(cv);
      };
      if (typeof cv.Mat === 'function') ready();
      else cv.onRuntimeInitialized = ready;
    } catch (error) {
      reject(error as Error);
    }
  });
  return loading;
}
