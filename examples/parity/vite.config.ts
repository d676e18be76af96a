import { defineConfig } from 'vite'

// Builds the parity page into examples/parity/dist, with the browser example's public folder
// (its mockServiceWorker.js, written by `npx msw init examples/browser/public`).
export default defineConfig({
  // `restapi-mock/*` resolve to the sources through tsconfig's paths.
  resolve: { tsconfigPaths: true },
  root: import.meta.dirname,
  publicDir: `${import.meta.dirname}/../browser/public`,
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
