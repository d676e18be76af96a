import type { StateFile } from '../../node/state-file/index.ts'
import type { Abandoned, TrackedServer } from './track-requests.ts'

export interface StopOptions {
  readonly server: TrackedServer
  readonly stateFile?: { readonly file: StateFile; readonly path: string }
  /** How long the requests under way may take; the final state-file write gets as long again. */
  readonly timeoutMs: number
  /** Written after the requests under way (the `--record` file), within the time-out. */
  readonly recording?: { flush(): Promise<void> }
  /** `--quiet`: nothing on stdout; what went wrong still goes to stderr. */
  readonly quiet?: boolean
}

/**
 * Stops the CLI cleanly on SIGINT or SIGTERM: no new connections, the requests under way are
 * answered (a download already streaming is cut off, see trackRequests), then the state file is
 * written with every answered change, then the process exits 0. Past the time-out, or on a
 * second signal, it exits 1 instead, saying on stderr what it abandoned.
 * @example stopOnSignals({ server: trackRequests(running), timeoutMs: 10_000 })
 */
export function stopOnSignals(options: StopOptions): void {
  const run: Stopping = { options, stopping: false, stateWritten: false }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (run.stopping) return secondSignal(run, signal)
      run.stopping = true
      void stop(run, signal)
    })
  }
}

/** The stop under way: its options, whether a signal came already, whether the file is written. */
interface Stopping {
  readonly options: StopOptions
  stopping: boolean
  stateWritten: boolean
}

function say(run: Stopping, line: string): void {
  if (!run.options.quiet) process.stdout.write(line)
}

async function stop(run: Stopping, signal: string): Promise<void> {
  const { server, stateFile, timeoutMs, recording } = run.options
  say(
    run,
    `restapi-mock: ${signal}, shutting down: answering ${plural(server.inFlight(), 'request')} ` +
      `under way${stateFile ? ', then writing the state file' : ''} (at most ${timeoutMs} ms)\n`,
  )
  const problems: string[] = []
  const abandoned = await server.close(timeoutMs)
  if (abandoned.connections > 0) problems.push(abandonedText(abandoned, timeoutMs))
  if (recording) {
    const recorded = await withinTime(recording.flush(), timeoutMs)
    if (recorded !== undefined) problems.push('the recording may miss its last exchanges')
  }
  const stateProblem = await writeStateFile(run)
  if (stateProblem) problems.push(stateProblem)
  if (problems.length > 0) {
    process.stderr.write(`restapi-mock: stopped by force: ${problems.join('; ')}\n`)
    process.exit(1)
  }
  const cut =
    abandoned.downloads > 0 ? `, cut off ${plural(abandoned.downloads, 'download')} under way` : ''
  say(run, `restapi-mock: stopped${cut}${stateFile ? ', state file written' : ''}\n`)
  process.exit(0)
}

/** The state file's final write, within the time-out: what went wrong, if anything. */
async function writeStateFile(run: Stopping): Promise<string | undefined> {
  const { stateFile, timeoutMs } = run.options
  if (!stateFile) return undefined
  const written = await withinTime(stateFile.file.close(), timeoutMs)
  run.stateWritten = written === undefined
  if (written === 'timed out') {
    return (
      `gave up the final write of the state file ${stateFile.path} after ${timeoutMs} ms; ` +
      'it may miss changes answered since its last write'
    )
  }
  if (written) {
    return (
      `could not write the state file ${stateFile.path} (${written.message}); ` +
      'it may miss changes answered since its last write'
    )
  }
  return undefined
}

/** A second signal while stopping: exits at once, saying what it abandons. */
function secondSignal(run: Stopping, signal: string): never {
  const { server, stateFile } = run.options
  const left: string[] = []
  if (server.inFlight() > 0) left.push(`${plural(server.inFlight(), 'request')} under way`)
  if (stateFile && !run.stateWritten) {
    left.push(
      `the final write of the state file ${stateFile.path}, which may miss changes answered since its last write`,
    )
  }
  process.stderr.write(
    `restapi-mock: second ${signal}, stopped at once, ` +
      `${left.length > 0 ? `abandoning ${left.join(' and ')}` : 'with nothing left to do'}\n`,
  )
  process.exit(1)
}

function abandonedText({ requests, connections }: Abandoned, timeoutMs: number): string {
  return (
    `after ${timeoutMs} ms, abandoned ${plural(requests, 'request')} under way, unanswered, ` +
    `and closed ${plural(connections, 'connection')}`
  )
}

/** Undefined when the promise resolved in time, its error, or 'timed out'. */
async function withinTime(
  promise: Promise<void>,
  ms: number,
): Promise<Error | 'timed out' | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), ms)
  })
  const outcome = await Promise.race([
    promise.then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    ),
    timedOut,
  ])
  clearTimeout(timer)
  return outcome
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
