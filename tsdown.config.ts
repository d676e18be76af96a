import { fileURLToPath, pathToFileURL } from 'node:url'
import { defineConfig, type Rolldown, type UserConfig } from 'tsdown'

// The published package: ESM JavaScript, declarations and source maps for each entry point.
// Dependencies and the msw peer stay external, so the user's bundler and Node resolve one msw,
// one faker and one Hono. publint and arethetypeswrong check the packed tarball instead
// (`npm run lint:package`, and the consumer test).
export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      handlers: 'handlers/index.ts',
      'handlers-node': 'src/node/handlers-entry.ts',
      // Here for its declarations only (shared with the other entry points, so a `Store` from
      // one is a `Store` to the other); its JavaScript is the browser build's, below.
      browser: 'src/browser/index.ts',
      cli: 'src/tools/cli/start.ts',
      // The Playwright fixture and the Vite plugin of the development homes (issue 36).
      playwright: 'src/node/playwright/index.ts',
      vite: 'src/node/dev/index.ts',
      // A module of its own (simpleFakerModule), so that package.json "imports" can give a
      // browser bundle this one and Node simple-faker.js (nodeSimpleFaker, below).
      'simple-faker.browser': 'seeds/simple-faker.browser.ts',
    },
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    fixedExtension: false,
    dts: true,
    sourcemap: true,
    clean: true,
    outputOptions: {
      codeSplitting: {
        // The model, the wire and the store that some entry point loads at start, as one chunk.
        // Split by which entry points share each module, they made eight small chunks, and a
        // page's bundler keeps each of them a chunk of its own, compressed apart: 2.8 KB more
        // gzipped at start (docs/performance.md, "The bundle under 1.6× again"). What loads on
        // first use (the CSV and XML readers) stays apart; the declarations keep their layout.
        groups: [
          {
            name: 'wire',
            test: (id) => /[\\/]src[\\/](model|wire|store)[\\/].*(?<!\.d)\.ts$/.test(id),
            tags: ['$initial'],
          },
        ],
      },
    },
    plugins: [
      inlineSeedLocale(),
      simpleFakerModule(),
      {
        // The declaration plugin drops the declaration maps when they are off, but not the
        // comments that point to them; such maps would name src/, which the package leaves out.
        name: 'no-declaration-map-comments',
        generateBundle(_options, bundle) {
          for (const chunk of Object.values(bundle)) {
            if (chunk.type === 'chunk' && chunk.fileName.endsWith('.d.ts'))
              chunk.code = chunk.code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n')
          }
        },
      },
      {
        name: 'restapi-mock:browser-declarations-only',
        generateBundle(_options, bundle) {
          delete bundle['browser.js']
          delete bundle['browser.js.map']
        },
      },
    ],
  },
  browserBuild(),
  nodeSimpleFaker(),
])

/**
 * dist/simple-faker.js, Node's side of `#simple-faker`: faker's SimpleFaker class bundled in and
 * tree-shaken down to it. Node cannot tree-shake: faker's root entry point loads every locale,
 * and its base locale's entry point builds the full Faker with every module, a part of the
 * installed bin's start (docs/performance.md, "Cold start"). Only this class is bundled:
 * everything else stays one faker, the user's.
 */
function nodeSimpleFaker(): UserConfig {
  return {
    entry: { 'simple-faker': 'seeds/simple-faker.browser.ts' },
    format: 'esm',
    platform: 'node',
    target: 'node22.12',
    fixedExtension: false,
    dts: false,
    sourcemap: true,
    clean: false,
    deps: { alwaysBundle: (id) => /^@faker-js\/faker(\/|$)/.test(id), onlyBundle: false },
  }
}

/**
 * `restapi-mock/browser` as a page gets it: the entry point and everything it loads at start in
 * one module, each part that loads on first use (the CSV and XML readers, the control routes,
 * the dashboard, ServiceStack's pages) in one module of its own, with every dependency but msw
 * bundled in. A dev server then serves a handful of files for it whether or not it pre-bundles
 * the package (a linked or workspace package, `optimizeDeps.exclude`), and never faker's root
 * entry point with every locale (docs/performance.md, "The browser").
 */
function browserBuild(): UserConfig {
  return {
    entry: { browser: 'src/browser/index.ts' },
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    fixedExtension: false,
    dts: false,
    // Without whitespace (a dev server serves it with a source map of its own, inline, so every
    // byte counts about three times) but with its names; the map leads back to the sources.
    sourcemap: true,
    clean: false,
    minify: { compress: false, mangle: false, codegen: { removeWhitespace: true } },
    deps: {
      // msw is the page's own: one copy, whose worker and handlers the user's code shares.
      alwaysBundle: (id) => !/^msw(\/|$)/.test(id),
      onlyBundle: false,
      onlyImport: ['msw'],
    },
    outputOptions: {
      chunkFileNames: 'browser-[name]-[hash].js',
      codeSplitting: {
        groups: [
          // What `startWorker` needs to register the worker and route requests to the mock.
          { name: 'start', test: browserStartModules, priority: 1 },
          // The rest of what the entry loads at start, the mock, in one module: split by which
          // lazy parts share each module, it made seven. It is there for what the entry
          // re-exports (`createHandlers`, `createMock`, `createStore`); a page that imports only
          // `startWorker` loads it while the worker registers (src/browser/worker-mock.ts, a
          // module of its own: grouped in here, it would need the bundler's namespace helper, a
          // file of its own).
          { name: 'mock', tags: ['$initial'] },
        ],
      },
    },
    plugins: [inlineSeedLocale(), browserSimpleFaker()],
  }
}

/**
 * The modules of the browser entry's `start` chunk: `startWorker` and the routes it registers
 * before the mock has loaded, and the name of the dashboard's channel, which the mock's loader
 * and the dashboard share (else a chunk of its own, one file more). A page whose code imports
 * nothing else from the entry loads this chunk and msw before it runs; what they import beyond
 * these would pull the `mock` chunk in.
 */
function browserStartModules(id: string): boolean {
  return /[\\/](src[\\/]browser[\\/](start-worker|page-hooks)|handlers[\\/]handler-routes|src[\\/]wire[\\/]route[\\/]mock-paths|src[\\/]control[\\/]channel-messages)\.ts$/.test(
    id,
  )
}

/**
 * Builds seeds/seed-locale.ts into the package as the data it picks from faker's English
 * locale: that locale is one object no bundler can tree-shake, and importing it would put all
 * of it in every browser bundle (docs/performance.md, "Browser bundle").
 */
export function inlineSeedLocale(): Rolldown.Plugin {
  return {
    name: 'restapi-mock:inline-seed-locale',
    load: {
      filter: { id: /[\\/]seeds[\\/]seed-locale\.ts$/ },
      async handler(id) {
        const { seedLocale } = (await import(pathToFileURL(id).href)) as { seedLocale: object }
        // One string for JSON.parse rather than an object literal: a dev server that re-prints
        // the package (Vite's dependency optimizer) puts each of the thousands of words on a
        // line of its own, with a source mapping each, and a string stays one token
        // (docs/performance.md, "The browser"). Engines also parse JSON faster than a literal.
        const json = JSON.stringify(JSON.stringify(seedLocale))
        return {
          code: `export const seedLocale = /* @__PURE__ */ JSON.parse(${json})\n`,
          // No source map for data: the maps would carry the word lists once more, and a dev
          // server inlines its map into the page, base64 (docs/performance.md, "The browser").
          map: { mappings: '' },
          moduleType: 'js',
        }
      },
    },
  }
}

/**
 * Keeps seeds/simple-faker.ts out of the chunks that import it: they import `#simple-faker`,
 * which package.json "imports" maps to dist/simple-faker.js in Node and to
 * dist/simple-faker.browser.js under a bundler's "browser" condition.
 */
export function simpleFakerModule(): Rolldown.Plugin {
  return {
    name: 'restapi-mock:simple-faker-module',
    resolveId: {
      filter: { id: /^\.\/simple-faker\.ts$/ },
      handler(_source, importer) {
        if (!importer || !/[\\/]seeds[\\/][^\\/]+\.ts$/.test(importer)) return null
        return { id: '#simple-faker', external: true }
      },
    },
  }
}

/** The browser build's side of `#simple-faker`: seeds/simple-faker.browser.ts, bundled in. */
function browserSimpleFaker(): Rolldown.Plugin {
  return {
    name: 'restapi-mock:browser-simple-faker',
    resolveId: {
      filter: { id: /^\.\/simple-faker\.ts$/ },
      handler(_source, importer) {
        if (!importer || !/[\\/]seeds[\\/][^\\/]+\.ts$/.test(importer)) return null
        return fileURLToPath(new URL('./seeds/simple-faker.browser.ts', import.meta.url))
      },
    },
  }
}
