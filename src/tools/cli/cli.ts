import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { cliOptions } from './cli-options.ts'
import { cliCommands } from './cli-commands.ts'
import { fail, parseCounts } from './cli-parse.ts'
import { createStore } from '../../mock/index.ts'
import { createServer } from '../../node/server/index.ts'
import type { StateFile } from '../../node/state-file/index.ts'
import { exposureWarnings } from './exposure-warnings.ts'
import { printHelpOrVersion } from './help.ts'
import { startBanner } from './start-banner.ts'
import { stopOnSignals } from './stop-on-signals.ts'
import { trackRequests } from './track-requests.ts'
import { optionProblem } from './unknown-option.ts'
import { readServeOptions } from './read-serve-options.ts'

/**
 * Runs `restapi-mock` with the given arguments: serves the mock until SIGINT or SIGTERM.
 * @example await runCli(['--port', '4000', '--seed', '7'])
 */
export async function runCli(args: readonly string[]): Promise<void> {
  // A terminal or pipe that closes under the mock (its parent gone) must not stop it: what it
  // would have printed is dropped, and it goes on serving and stops cleanly on a signal.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
    })
  }
  let parsed
  try {
    parsed = parseArgs({
      args: [...args],
      allowNegative: true,
      options: cliOptions,
    })
  } catch (error) {
    fail(optionProblem(error as Error, cliOptions, Object.keys(cliCommands)))
  }
  const { values } = parsed
  // The bin answers --help and --version before loading this (help.ts), on any Node.
  if (values.help || values.version) {
    printHelpOrVersion(values.help ? ['--help'] : ['--version'])
    process.exit(0)
  }
  const {
    defaultFormat,
    auth,
    onMiss,
    port,
    seed,
    maxSnapshots,
    maxSessions,
    maxStateBytes,
    upstream,
    shutdownMs,
    latency,
    allowedHosts,
    allowedOrigins,
    xmlNamespaces,
    scenarios,
    scenario,
  } = await readServeOptions(values)
  if (values.watch && !values.data) fail('--watch reloads a --data file: give one with --data')

  const startedAt = performance.now()
  const store = createStore({
    seed,
    maxStateBytes,
    ...(values.counts ? { counts: parseCounts(values.counts) } : {}),
  })
  // A state file saved by an earlier run is kept at start rather than a redefined `default`.
  const keepStore = values['state-file'] !== undefined && existsSync(values['state-file'])
  let stateFile: StateFile | undefined
  if (values['state-file']) {
    try {
      const { attachStateFile } = await import('../../node/state-file/index.ts')
      stateFile = attachStateFile(store, values['state-file'])
    } catch (error) {
      const { message, code } = error as NodeJS.ErrnoException
      // Another mock's lock says what to do itself.
      fail(
        code === 'ELOCKED'
          ? message
          : `could not load --state-file ${values['state-file']}: ${message}`,
        false,
      )
    }
  }
  const running = await createServer({
    store,
    port,
    host: values.host,
    strict: values.strict,
    alwaysUseUtc: values['always-use-utc'],
    auth,
    onMiss,
    xmlNamespaces,
    defaultFormat,
    basePath: values['base-path'],
    cors: values.cors,
    allowedHosts,
    allowedOrigins,
    latency,
    maxSnapshots,
    maxSessions,
    ...(upstream.proxy ? { proxy: upstream.proxy } : {}),
    ...(upstream.passthrough ? { passthrough: upstream.passthrough } : {}),
    ...(values.redact ? { redact: values.redact } : {}),
    fallbacks: upstream.fallbacks,
    ...(scenarios ? { scenarios } : {}),
    ...(scenario ? { scenario } : {}),
    ...(keepStore ? { keepStore } : {}),
    ...(values.log && !values.quiet ? {} : { log: false as const }),
  }).catch((error: NodeJS.ErrnoException) =>
    fail(
      error.code === 'EADDRINUSE'
        ? `port ${port} is in use; pick another with --port`
        : `could not start: ${error.message}`,
      false,
    ),
  )

  for (const warning of exposureWarnings({ host: values.host, allowedHosts, allowedOrigins })) {
    process.stderr.write(`restapi-mock: warning: ${warning}\n`)
  }
  if (values.watch && values.data) {
    const { watchDataFile } = await import('./watch-data-file.ts')
    watchDataFile(values.data, running.mock, (line) => process.stderr.write(`${line}\n`))
  }
  // From the first request on, so a stop knows what is under way.
  const tracked = trackRequests(running)
  // Before the banner: a tool that stops the mock once it reads the banner (a test, a script)
  // may send its signal before the next line runs, and it must find the handlers there.
  stopOnSignals({
    server: tracked,
    ...(stateFile ? { stateFile: { file: stateFile, path: values['state-file'] as string } } : {}),
    timeoutMs: shutdownMs,
    quiet: values.quiet,
    ...(upstream.recorder ? { recording: upstream.recorder } : {}),
  })

  if (!values.quiet) {
    const notes = [
      ...(values.strict ? ['strict'] : []),
      ...(auth === 'off' ? [] : [`login wall (${auth})`]),
      ...(latency ? [`latency ${latency.min}-${latency.max} ms`] : []),
      ...(stateFile ? [`state file ${values['state-file']}`] : []),
      ...(values.cors ? [] : ['no CORS']),
    ]
    process.stdout.write(
      startBanner({
        mock: running.mock,
        url: running.url,
        seed: store.seed,
        scenario: scenario ?? 'default',
        startedInMs: Math.round(performance.now() - startedAt),
        notes,
        ...(values.proxy ? { upstream: values.proxy } : {}),
        ...(values.record ? { record: values.record } : {}),
        ...(values.replay ? { replay: values.replay } : {}),
      }),
    )
  }
}
