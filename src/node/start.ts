#!/usr/bin/env node
// The command's entry point (`npm start`, the `restapi-mock` bin). It runs on the user's own
// Node, so it checks the version first, importing nothing: on an older Node the rest would fail
// with a stack trace instead of a sentence.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `restapi-mock needs Node.js 22.12 or newer; this is Node.js ${process.versions.node}.\n`,
  )
  process.exit(1)
}
const { runCli } = await import('./cli.ts')
await runCli(process.argv.slice(2))
// Once it serves: V8 lets garbage grow to several times the live heap before collecting it, and
// a slower-growing old generation keeps the resident memory after load near the live heap, at
// the same speed. Set before the start, it only made loading the modules collect more often
// (docs/performance.md, "Cold start of the installed bin").
const { setFlagsFromString } = await import('node:v8')
setFlagsFromString('--heap-growing-percent=50')
