import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The public reader: `vite build -c vite.reader.config.ts` makes the browser bundle
 * (dist/reader/client, served under /assets/ with a manifest the server reads), and with
 * `--ssr` the server bundle dist/reader/server/entry-server.js that the API process loads.
 */
const root = import.meta.dirname;
/** dist, or the folder of a build being made (scripts/build.mjs). */
const out = process.env.BUILD_OUT_DIR ?? resolve(root, 'dist');

export default defineConfig(({ isSsrBuild }) => ({
  root: resolve(root, 'reader'),
  base: '/',
  publicDir: false,
  plugins: [react()],
  build: isSsrBuild
    ? {
        ssr: resolve(root, 'reader/src/entry-server.tsx'),
        outDir: resolve(out, 'reader/server'),
        emptyOutDir: true,
        target: 'node20',
        rollupOptions: {
          input: resolve(root, 'reader/src/entry-server.tsx'),
          output: { entryFileNames: 'entry-server.js', format: 'es', inlineDynamicImports: true },
        },
      }
    : {
        outDir: resolve(out, 'reader/client'),
        emptyOutDir: true,
        assetsDir: 'assets',
        manifest: true,
        target: 'es2022',
        rollupOptions: { input: { reader: resolve(root, 'reader/src/entry-client.tsx') } },
      },
}));
