import { defineConfig } from 'vite'

// Builds the example into examples/browser/dist; `public/` holds mockServiceWorker.js
// (written by `npx msw init examples/browser/public`).
export default defineConfig({
  // `restapi-mock/*` resolve to the sources through tsconfig's paths.
  resolve: { tsconfigPaths: true },
  root: import.meta.dirname,
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2023',
    // faker's locale data and msw make one large chunk; it is an example, not a product page.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        main: `${import.meta.dirname}/index.html`,
      },
    },
  },
})
