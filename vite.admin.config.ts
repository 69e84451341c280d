import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The admin app: built into dist/admin and served by the API process under /admin (AdminUiModule).
export default defineConfig({
  root: fileURLToPath(new URL('./admin', import.meta.url)),
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/admin', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // CSP forbids inline scripts; keep the module preload polyfill out of the HTML.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      output: {
        // Libraries change far less often than the app: a separate file stays cached across releases.
        manualChunks(id: string) {
          return id.includes('node_modules') ? 'vendor' : undefined;
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
