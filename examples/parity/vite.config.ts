import { defineConfig } from 'vite'

// Builds the parity page into examples/parity/dist; `public/` holds mockServiceWorker.js
// (written by `npx msw init examples/parity/public --no-save`).
export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2023',
    // faker's locale data and msw make one large chunk; it is a test page, not a product page.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        main: `${import.meta.dirname}/index.html`,
      },
    },
  },
})
