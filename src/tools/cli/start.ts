#!/usr/bin/env node
// The command's entry point (`npm start`, the `restapi-mock` bin). It runs on the user's own
// Node: `--help`, `--version` and `init` work on any Node from 18 on, and only serving, which
// needs Node 22.12 (msw 3, the server), checks the version first, importing nothing before it,
// so that an older Node gets a sentence and a way out instead of a stack trace.
const args = process.argv.slice(2)
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
// verify, import and mcp run the mock in process: they need the Node serving needs, and read
// their own --help.
const recording = args[0] === 'verify' || args[0] === 'import'
const mcp = args[0] === 'mcp'
const asks =
  args[0] === 'init' ||
  (!recording && !mcp && args.some((arg) => /^(-h|--help|-v|--version)$/.test(arg)))
const serves = !asks
if (serves && (major < 22 || (major === 22 && minor < 12))) {
  process.stderr.write(
    `restapi-mock needs Node.js 22.12 or newer to serve; this is Node.js ${process.versions.node}.\n` +
      'Install it with your version manager (nvm install 22, fnm install 22, volta install node@22,\n' +
      'mise use node@22) or from https://nodejs.org, then run the command again.\n',
  )
  process.exit(1)
}
if (args[0] === 'init') {
  const { runInit } = await import('../init/index.ts')
  process.exitCode = await runInit(args.slice(1), {
    cwd: process.cwd(),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  })
} else if (recording) {
  const io = { stdout: process.stdout, stderr: process.stderr }
  const { runVerify, runImport } = await import('../verify/index.ts')
  const run = args[0] === 'verify' ? runVerify : runImport
  process.exitCode = await run(args.slice(1), io)
} else if (mcp) {
  // The MCP SDK loads with this command only: serving and the other commands never pay for it.
  const { runMcp } = await import('../mcp/index.ts')
  const code = await runMcp(args.slice(1), process)
  if (code !== undefined) process.exitCode = code
} else if (!serves) {
  const { printHelpOrVersion } = await import('./help.ts')
  printHelpOrVersion(args)
} else {
  // Node's compile cache (in the system's temporary directory, as Node keeps it for any tool
  // that asks) keeps the compiled modules between starts: `npm start`, which runs these
  // TypeScript sources, no longer strips and compiles them at every start, and every start of the
  // installed bin after its first is shorter (docs/performance.md, "Cold start").
  // NODE_DISABLE_COMPILE_CACHE=1 turns it off.
  const { enableCompileCache } = await import('node:module')
  enableCompileCache?.()
  const { runCli } = await import('./cli.ts')
  await runCli(args)
  // Once it serves: V8 lets garbage grow to several times the live heap before collecting it, and
  // a slower-growing old generation keeps the resident memory after load near the live heap, at
  // the same speed. Set before the start, it only made loading the modules collect more often
  // (docs/performance.md, "Cold start of the installed bin").
  const { setFlagsFromString } = await import('node:v8')
  setFlagsFromString('--heap-growing-percent=50')
}
