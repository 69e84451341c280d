import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The admin app: built into dist/admin (or BUILD_OUT_DIR/admin, scripts/build.mjs) and served by
// the API process under /admin (AdminUiModule).
export default defineConfig({
  root: fileURLToPath(new URL('./admin', import.meta.url)),
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: join(process.env.BUILD_OUT_DIR ?? fileURLToPath(new URL('./dist', import.meta.url)), 'admin'),
    emptyOutDir: true,
    sourcemap: true,
    // CSP forbids inline scripts; keep the module preload polyfill out of the HTML.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app, so they get files of their own that stay
        // cached across releases, grouped by the screens that use them: what every screen needs
        // loads first, what only some screens use (the wizard's drop zone) loads with those.
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules[\\/]/, entriesAware: true }],
        },
        // Those chunks are named after the screens sharing them ('vendor~index~login-page'); the
        // server serves plain file names only.
        chunkFileNames: (chunk) => (chunk.name.startsWith('vendor') ? 'assets/vendor-[hash].js' : 'assets/[name]-[hash].js'),
        assetFileNames: (asset) =>
          asset.names.some((n) => n.startsWith('vendor')) ? 'assets/vendor-[hash][extname]' : 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
