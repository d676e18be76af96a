// `npm start`'s entry. JavaScript, so that Node runs it without loading its TypeScript stripper:
// it turns Node's compile cache on before the sources load, and from the second start on their
// stripped and compiled forms come from the cache, so the stripper is never loaded at all
// (docs/performance.md, "Cold start"). The command itself is src/tools/cli/start.ts, as in the bin.
import module from 'node:module'

module.enableCompileCache?.()
await import('../src/tools/cli/start.ts')
