import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { cliOptions } from './cli-options.ts'
import { cliCommands } from './cli-commands.ts'
import { fail, parseCounts } from './cli-parse.ts'
import { createStore } from '../../mock/index.ts'
import type { Store } from '../../store/index.ts'
import type { RunningServer } from '../../node/server/index.ts'
import type { StateFile } from '../../node/state-file/index.ts'
import { printHelpOrVersion } from './help.ts'
import { startBanner } from './start-banner.ts'
import { optionProblem } from './unknown-option.ts'
import { readServeOptions, type CliValues } from './read-serve-options.ts'
import { serveRun, superviseRun, type CliRun } from './serve-run.ts'

/**
 * Runs `restapi-mock` with the given arguments: serves the mock until SIGINT or SIGTERM.
 * @example await runCli(['--port', '4000', '--seed', '7'])
 */
export async function runCli(args: readonly string[]): Promise<void> {
  keepServingWithoutOutput()
  const values = commandLine(args)
  const options = await readServeOptions(values)
  if (values.watch && !values.data) fail('--watch reloads a --data file: give one with --data')

  const startedAt = performance.now()
  const store = createStore({
    seed: options.seed,
    maxStateBytes: options.maxStateBytes,
    ...(values.counts ? { counts: parseCounts(values.counts) } : {}),
  })
  // A state file saved by an earlier run is kept at start rather than a redefined `default`.
  const keepStore = values['state-file'] !== undefined && existsSync(values['state-file'])
  const stateFile = await openStateFile(values, store)
  const run: CliRun = { values, options, store, startedAt, keepStore, stateFile }
  const running = await serveRun(run)
  await superviseRun(run, running)
  if (!values.quiet) printBanner(run, running)
}

/**
 * A terminal or pipe that closes under the mock (its parent gone) must not stop it: what it
 * would have printed is dropped, and it goes on serving and stops cleanly on a signal.
 */
function keepServingWithoutOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error
    })
  }
}

/** The command line's values; a mistyped option, `--help` and `--version` end the run here. */
function commandLine(args: readonly string[]): CliValues {
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
  return values
}

/** `--state-file`: the store loaded from it and kept in it, or none without the option. */
async function openStateFile(values: CliValues, store: Store): Promise<StateFile | undefined> {
  if (!values['state-file']) return undefined
  try {
    const { attachStateFile } = await import('../../node/state-file/index.ts')
    return attachStateFile(store, values['state-file'])
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

function printBanner(run: CliRun, running: RunningServer): void {
  const { values, options, stateFile } = run
  const notes = [
    ...(values.strict ? ['strict'] : []),
    ...(options.auth === 'off' ? [] : [`login wall (${options.auth})`]),
    ...(options.latency ? [`latency ${options.latency.min}-${options.latency.max} ms`] : []),
    ...(stateFile ? [`state file ${values['state-file']}`] : []),
    ...(values.cors ? [] : ['no CORS']),
  ]
  process.stdout.write(
    startBanner({
      mock: running.mock,
      url: running.url,
      seed: run.store.seed,
      scenario: options.scenario ?? 'default',
      startedInMs: Math.round(performance.now() - run.startedAt),
      notes,
      ...(values.proxy ? { upstream: values.proxy } : {}),
      ...(values.record ? { record: values.record } : {}),
      ...(values.replay ? { replay: values.replay } : {}),
    }),
  )
}
