import type { parseArgs } from 'node:util'
import type { cliOptions } from './cli-options.ts'
import { asksForUpstream } from './asks-for-upstream.ts'
import { fail, parseChoice, parseInteger } from './cli-parse.ts'
import type { Scenario } from '../../mock/index.ts'
import type { Upstream } from './cli-upstream.ts'
import {
  authModes,
  formats,
  onMissModes,
  type AuthMode,
  type Format,
  type OnMiss,
} from '../../wire/index.ts'
import { maxDelayMs, parseLatency, type Latency } from '../../control/index.ts'
import { readScenariosFile } from './scenarios-file.ts'
import {
  parseAllowedHosts,
  parseAllowedOrigins,
  type AllowedHosts,
  type AllowedOrigins,
} from '../../node/server/index.ts'
import { parseXmlNamespaces } from './xml-namespace-option.ts'

/** The values `parseArgs` reads from the command line with the serving command's options. */
export type CliValues = ReturnType<
  typeof parseArgs<{ args: string[]; allowNegative: true; options: typeof cliOptions }>
>['values']

/** The serving command's options, each checked: what `runCli` starts the server with. */
export interface ServeOptions {
  readonly defaultFormat: Format
  readonly auth: AuthMode
  readonly onMiss: OnMiss
  readonly port: number
  readonly seed: number
  readonly maxSnapshots: number
  readonly maxSessions: number
  readonly maxStateBytes: number
  readonly upstream: Upstream
  readonly shutdownMs: number
  readonly latency: Latency | null
  readonly allowedHosts: AllowedHosts | undefined
  readonly allowedOrigins: AllowedOrigins | undefined
  readonly xmlNamespaces: Record<string, string>
  readonly scenarios: Record<string, Scenario> | undefined
  readonly scenario: string | undefined
}

/**
 * Checks the command line's values, in order, and loads the files they name: the first that does
 * not read stops the mock with a message naming the option.
 * @example const { port, seed } = await readServeOptions(parseArgs({ args, options: cliOptions, allowNegative: true }).values)
 */
export async function readServeOptions(values: CliValues): Promise<ServeOptions> {
  const choices = readChoices(values)
  const sizes = readSizes(values)
  const upstream = await readUpstreamOptions(values)
  const shutdownMs = parseInteger('shutdown-timeout', values['shutdown-timeout'], 100, 600_000)
  const latency = readLatency(values)
  const access = readAccess(values)
  const files = await readScenarioFiles(values)
  return { ...choices, ...sizes, upstream, shutdownMs, latency, ...access, ...files }
}

function readChoices(values: CliValues): Pick<ServeOptions, 'defaultFormat' | 'auth' | 'onMiss'> {
  const defaultFormat = parseChoice('default-format', values['default-format'], formats)
  const auth = parseChoice('auth', values.auth, authModes)
  const onMiss = parseChoice('on-miss', values['on-miss'], onMissModes)
  return { defaultFormat, auth, onMiss }
}

function readSizes(
  values: CliValues,
): Pick<ServeOptions, 'port' | 'seed' | 'maxSnapshots' | 'maxSessions' | 'maxStateBytes'> {
  const port = parseInteger(
    'port',
    values.port ?? (process.env.npm_package_config_mockPort || process.env.PORT || '4000'),
    0,
    65535,
  )
  const seed = parseInteger('seed', values.seed, 0, 2 ** 31 - 1)
  const maxSnapshots = parseInteger('max-snapshots', values['max-snapshots'], 0, 100_000)
  const maxSessions = parseInteger('max-sessions', values['max-sessions'], 1, 1_000_000)
  const maxStateBytes = parseInteger(
    'max-state-bytes',
    values['max-state-bytes'],
    0,
    Number.MAX_SAFE_INTEGER,
  )
  return { port, seed, maxSnapshots, maxSessions, maxStateBytes }
}

async function readUpstreamOptions(values: CliValues): Promise<Upstream> {
  // The proxy's, the recorder's and the replay's code loads only when asked for.
  const upstream: Upstream = asksForUpstream(values)
    ? (await import('./cli-upstream.ts')).readUpstream(values, (message) => fail(message, false))
    : { proxy: undefined, fallbacks: [], passthrough: undefined, recorder: undefined }
  if (values['record-secrets']) {
    process.stderr.write(
      'restapi-mock: warning: --record-secrets keeps credentials in the recording\n',
    )
  }
  return upstream
}

function readLatency(values: CliValues): Latency | null {
  const latency = values.latency === undefined ? null : parseLatency(values.latency)
  if (latency === undefined) {
    fail(
      `--latency must be ms (200) or a range (100-600), at most ${maxDelayMs}, got '${values.latency}'`,
    )
  }
  return latency
}

function readAccess(
  values: CliValues,
): Pick<ServeOptions, 'allowedHosts' | 'allowedOrigins' | 'xmlNamespaces'> {
  try {
    const hosts = values['allowed-hosts']
    const origins = values['cors-origin']
    return {
      allowedHosts: hosts === undefined ? undefined : parseAllowedHosts(hosts),
      allowedOrigins: origins === undefined ? undefined : parseAllowedOrigins(origins),
      xmlNamespaces: parseXmlNamespaces(values['xml-namespace']),
    }
  } catch (error) {
    fail((error as Error).message)
  }
}

async function readScenarioFiles(
  values: CliValues,
): Promise<Pick<ServeOptions, 'scenarios' | 'scenario'>> {
  let scenarios: Record<string, Scenario> | undefined
  if (values.scenarios) {
    try {
      scenarios = readScenariosFile(values.scenarios)
    } catch (error) {
      fail(`could not load --scenarios ${values.scenarios}: ${(error as Error).message}`, false)
    }
  }
  if (values.data) {
    // The data file's reader (a JSON parser that says where a file stops being JSON) loads only
    // for a --data file, as the proxy's code does.
    const { readDataFile } = await import('./data-file.ts')
    try {
      scenarios = { ...scenarios, data: await readDataFile(values.data) }
    } catch (error) {
      fail(`could not load --data ${values.data}: ${(error as Error).message}`, false)
    }
  }
  const scenario = values.scenario ?? (values.data ? 'data' : undefined)
  return { scenarios, scenario }
}
