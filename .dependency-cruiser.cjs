// The import rules of docs/architecture.md ("Imports point one way"), checked by `npm run
// lint:imports` inside `npm test`. Paths are the resolved files, relative to the repository root;
// a package is matched by its folder under node_modules (or by its bare name when it does not
// resolve), so a rule catches `msw` and `msw/browser` alike.

/** Our own source folders: the rules about layers look only at these. */
const ours = '^(src|handlers|seeds)/'
const msw = '(^|node_modules/)msw(/|$)'
const hono = '(^|node_modules/)(hono|@hono/node-server)(/|$)'
const faker = '(^|node_modules/)@faker-js/faker(/|$)'
const mcpSdk = '(^|node_modules/)@modelcontextprotocol/sdk(/|$)'
/** A tool: a command or a page built on the core, one folder of src/tools/ each. */
const tool = '^src/tools/([^/]+)/'
/**
 * The entry points that hand a tool to the core: the default createMock (the dashboard, for
 * every entry point) and startWorker (the dashboard of the page's home). Each loads the tool's
 * index.ts by a dynamic import, on first use.
 */
const toolEntries = ['^handlers/create-mock\\.ts$', '^src/browser/start-worker\\.ts$']
/** What a tool may take from the core: a folder's index.ts, and the operation list. */
const coreEntries = [
  '^(src/(model|wire|store|control|mock|browser|node)|seeds)/(index|[^/]+/index)\\.ts$',
  '^handlers/operations\\.ts$',
]
/** Every file in handlers/ but its entry point, createHandlers and createMock is an operation file. */
const operationFile = '^handlers/(?!index\\.ts$|create-handlers\\.ts$|create-mock\\.ts$)[^/]+\\.ts$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle (a dynamic import counts) makes the load order matter and hides which module is the lower layer: move what both need into a third module.',
      from: { path: ours },
      to: { circular: true },
    },
    {
      name: 'model-imports-nothing-of-ours',
      severity: 'error',
      comment: 'src/model is the single source of truth every layer reads; it depends on no layer.',
      from: { path: '^src/model/' },
      to: { path: ours, pathNot: '^src/model/' },
    },
    {
      name: 'store-imports-only-model',
      severity: 'error',
      comment:
        'src/store (state, no seeds) builds on src/model alone; the store gets its seeds passed in.',
      from: { path: '^src/store/' },
      to: { path: ours, pathNot: ['^src/model/', '^src/store/'] },
    },
    {
      name: 'wire-imports-only-model-and-store',
      severity: 'error',
      comment:
        "src/wire (routing, formats, reading, responding) builds on src/model; it names src/store only for the request context's `store`, the state an operation works on.",
      from: { path: '^src/wire/' },
      to: { path: ours, pathNot: ['^src/model/', '^src/wire/', '^src/store/index\\.ts$'] },
    },
    {
      name: 'seeds-import-only-faker-model-store',
      severity: 'error',
      comment:
        'seeds/ make entities from @faker-js/faker, the model and the store types; nothing else (#simple-faker is their own module, swapped for the browser by package.json "imports").',
      from: { path: '^seeds/' },
      to: {
        pathNot: [
          '^seeds/',
          '^src/(model|store)/',
          faker,
          '(^|/)dist/simple-faker(\\.browser)?\\.js$',
          '^#simple-faker$',
        ],
      },
    },
    {
      name: 'control-imports-only-wire-store-model',
      severity: 'error',
      comment:
        'src/control (latency, faults, journal, state document, ...) sits above the wire and the store, below the mock that composes it.',
      from: { path: '^src/control/' },
      to: { path: ours, pathNot: '^src/(control|wire|store|model)/' },
    },
    {
      name: 'mock-imports-only-core-and-seeds',
      severity: 'error',
      comment:
        'src/mock composes the operations it is handed (createMock({ operations })) and the control routes into one dispatch; it never imports handlers/, which sits above it.',
      from: { path: '^src/mock/' },
      to: { path: ours, pathNot: ['^src/(mock|control|wire|store|model)/', '^seeds/'] },
    },
    {
      name: 'operations-import-only-wire-store-model',
      severity: 'error',
      comment:
        'An operation is written against the wire, the store and the model only, so it runs the same under msw, Hono and tests; operations do not import each other (handlers/operations.ts, which lists them, may). A file of its own beside it, named after it (containers-info-errors.ts), it may.',
      from: {
        path: '^handlers/(?!index\\.ts$|create-handlers\\.ts$|create-mock\\.ts$)([^/]+)\\.ts$',
        pathNot: '^handlers/operations\\.ts$',
      },
      to: { path: ours, pathNot: ['^src/(wire|store|model)/', '^handlers/$1-[^/]+\\.ts$'] },
    },
    {
      name: 'operation-list-imports-only-operations-and-core',
      severity: 'error',
      comment:
        'handlers/operations.ts lists the operation files; like them it uses the wire, the store and the model only.',
      from: { path: '^handlers/operations\\.ts$' },
      to: { path: ours, pathNot: ['^src/(wire|store|model)/', operationFile] },
    },
    {
      name: 'default-mock-imports-only-the-operation-list-and-mock',
      severity: 'error',
      comment:
        "handlers/create-mock.ts is createMock with the spec's operations by default, for both entry points: it takes the operation list and src/mock, and no msw, so the Node server starts without it.",
      from: { path: '^handlers/create-mock\\.ts$' },
      to: {
        path: ours,
        pathNot: ['^handlers/operations\\.ts$', '^src/mock/', '^src/tools/dashboard/index\\.ts$'],
      },
    },
    {
      name: 'handlers-entry-imports-only-handlers-mock-wire-model',
      severity: 'error',
      comment:
        'handlers/index.ts and create-handlers.ts turn a mock into msw handlers: they take the operations, createMock and the wire, and reach no deeper.',
      from: { path: '^handlers/(index|create-handlers)\\.ts$' },
      to: { path: ours, pathNot: ['^handlers/', '^src/(mock|wire|model)/'] },
    },
    {
      name: 'only-entries-import-msw',
      severity: 'error',
      comment:
        'msw is an optional peer: only createHandlers (handlers/create-handlers.ts and the routes it registers, handlers/handler-routes.ts), startWorker (src/browser/) and the Node app (src/node/, for user handlers) import it; the core runs without it.',
      from: {
        path: ours,
        pathNot: ['^handlers/(create-handlers|handler-routes)\\.ts$', '^src/(browser|node)/'],
      },
      to: { path: msw },
    },
    {
      name: 'only-node-imports-hono',
      severity: 'error',
      comment:
        'Hono and @hono/node-server serve the dispatch over HTTP; only src/node/ uses them, so the handlers and the browser bundle stay free of them.',
      from: { path: ours, pathNot: '^src/node/' },
      to: { path: hono },
    },
    {
      name: 'only-node-imports-node-builtins',
      severity: 'error',
      comment:
        'Everything outside src/node/ also runs in a browser (service worker, Storybook), where node:* does not exist.',
      // A tool's own files (its commands) run in Node; its subfolders (verify's recording/,
      // which a browser test runs) and the dashboard (a page) stay free of node:* like the core.
      from: { path: ours, pathNot: ['^src/node/', '^src/tools/(?!dashboard/)[^/]+/[^/]+\\.ts$'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'only-mcp-imports-the-mcp-sdk',
      severity: 'error',
      comment:
        'The MCP SDK (and the zod and Ajv it brings) is for `restapi-mock mcp` alone: only src/tools/mcp/ imports it, so serving, the handlers and the browser bundle never load it.',
      from: { path: ours, pathNot: '^src/tools/mcp/' },
      to: { path: mcpSdk },
    },
    {
      name: 'core-imports-no-tool',
      severity: 'error',
      comment:
        'The tools (src/tools/: the CLI, verify and import, mcp, init, the dashboard) are built on the core, never the other way round: only the bin (src/tools/cli/start.ts, by a dynamic import when the command runs) and the entry points that hand the dashboard to the mock (toolEntries) load a tool, through its index.ts, so serving, the handlers and the browser bundle carry one only when it is used.',
      from: { path: ours, pathNot: ['^src/tools/', ...toolEntries] },
      to: { path: '^src/tools/' },
    },
    {
      name: 'entry-imports-a-tool-through-its-index',
      severity: 'error',
      comment: "An entry point hands the core a tool's entry point, never one of the tool's files.",
      from: { path: toolEntries },
      to: { path: '^src/tools/', pathNot: '^src/tools/[^/]+/index\\.ts$' },
    },
    {
      name: 'tool-imports-the-core-through-its-indexes',
      severity: 'error',
      comment:
        "A tool takes the core through each folder's index.ts (what the folder offers), so the core can change behind it, and never a file behind one.",
      from: { path: tool },
      to: { path: ours, pathNot: ['^src/tools/', ...coreEntries] },
    },
    {
      name: 'tool-imports-another-tool-through-its-index',
      severity: 'error',
      comment:
        "A tool may use another tool's entry point (the bin starts each command, mcp runs verify, verify reads files as the CLI does), never its internals.",
      from: { path: tool },
      to: { path: '^src/tools/', pathNot: ['^src/tools/$1/', '^src/tools/[^/]+/index\\.ts$'] },
    },
    {
      name: 'faker-only-in-seeds',
      severity: 'error',
      comment:
        'Fake data is made in seeds/ alone, so every other layer stays deterministic and small.',
      from: { path: ours, pathNot: '^seeds/' },
      to: { path: faker },
    },
    {
      name: 'faker-from-one-locale',
      severity: 'error',
      comment:
        "seeds/ take faker's root entry point (its types and, in simple-faker.browser.ts, the SimpleFaker class) and the base locale; the English locale only in seeds/seed-locale.ts, which the build inlines as data. Any other locale or deep import would pull a locale's data into every bundle.",
      from: { path: '^seeds/' },
      to: { path: faker, pathNot: '@faker-js/faker/dist/(index|locale/(base|en))\\.js$' },
    },
    {
      name: 'faker-english-only-in-seed-locale',
      severity: 'error',
      comment:
        "faker's English locale is one object no bundler can tree-shake; seeds/seed-locale.ts picks from it at build time.",
      from: { path: '^seeds/', pathNot: '^seeds/seed-locale\\.ts$' },
      to: { path: '@faker-js/faker/dist/locale/en\\.js$' },
    },
    {
      name: 'node-api-imports-only-node-mock-store-wire-model',
      severity: 'error',
      comment:
        'src/index.ts is the public API for Node: it re-exports from these folders and adds nothing (createMock and the operation list from handlers/, without msw).',
      from: { path: '^src/index\\.ts$' },
      to: {
        path: ours,
        pathNot: ['^src/(node|mock|store|wire|model)/', '^handlers/(create-mock|operations)\\.ts$'],
      },
    },
    {
      name: 'nothing-imports-the-node-api',
      severity: 'error',
      comment:
        'src/index.ts is for users (and tests, benches, examples); inside the package it would drag the Node server into the browser entry points.',
      from: { path: ours },
      to: { path: '^src/index\\.ts$' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript compiler API for dependency-cruiser to parse with; swc
    // parses the sources (type-only imports count like any other import).
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    // The worktrees link node_modules; keep the package paths under node_modules/.
    preserveSymlinks: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      // No "node": msw/browser exports null for it; which file a package resolves to does not
      // matter here, only that it resolves inside the package.
      conditionNames: ['import', 'default'],
      mainFields: ['module', 'main'],
    },
  },
}
