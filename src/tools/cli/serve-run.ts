import type { Store } from '../../store/index.ts'
import { createServer, type RunningServer } from '../../node/server/index.ts'
import type { StateFile } from '../../node/state-file/index.ts'
import { fail } from './cli-parse.ts'
import { exposureWarnings } from './exposure-warnings.ts'
import type { CliValues, ServeOptions } from './read-serve-options.ts'
import { stopOnSignals } from './stop-on-signals.ts'
import { trackRequests } from './track-requests.ts'

/** One run of the serving command: what it read from the command line, and what it opened. */
export interface CliRun {
  readonly values: CliValues
  readonly options: ServeOptions
  readonly store: Store
  /** When the start began (`performance.now()`), for the banner's figure. */
  readonly startedAt: number
  /** Whether a state file saved by an earlier run is kept rather than a redefined `default`. */
  readonly keepStore: boolean
  readonly stateFile: StateFile | undefined
}

/** The server of the run, listening; a port in use or another failure ends the run. */
export function serveRun(run: CliRun): Promise<RunningServer> {
  const { values, options, store, keepStore } = run
  const { upstream, scenarios, scenario, port } = options
  return createServer({
    store,
    port,
    host: values.host,
    strict: values.strict,
    alwaysUseUtc: values['always-use-utc'],
    auth: options.auth,
    onMiss: options.onMiss,
    xmlNamespaces: options.xmlNamespaces,
    defaultFormat: options.defaultFormat,
    basePath: values['base-path'],
    cors: values.cors,
    allowedHosts: options.allowedHosts,
    allowedOrigins: options.allowedOrigins,
    latency: options.latency,
    maxSnapshots: options.maxSnapshots,
    maxSessions: options.maxSessions,
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
}

/**
 * What looks after the server once it listens: the exposure warnings, the data file's watch,
 * the requests under way and the stop on a signal.
 */
export async function superviseRun(run: CliRun, running: RunningServer): Promise<void> {
  const { values, options, stateFile } = run
  const { allowedHosts, allowedOrigins, upstream } = options
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
    timeoutMs: options.shutdownMs,
    quiet: values.quiet,
    ...(upstream.recorder ? { recording: upstream.recorder } : {}),
  })
}
