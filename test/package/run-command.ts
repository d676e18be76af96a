import { spawn, type ChildProcess } from 'node:child_process'
import { delimiter, dirname, join } from 'node:path'

export interface CommandResult {
  readonly code: number | null
  readonly signal: string | null
  readonly stdout: string
  readonly stderr: string
}

export interface RunningCommand {
  readonly child: ChildProcess
  /** Everything written so far. */
  stdout(): string
  stderr(): string
  /** Resolves once the process has ended. */
  readonly exited: Promise<CommandResult>
  /** Ends the process and everything it started (its process group), if it still runs. */
  stop(): void
}

export interface CommandOptions {
  readonly cwd: string
  readonly env?: NodeJS.ProcessEnv
}

/** What the outer `npm test` and Vitest set for themselves, not settings of the user's. */
const runVariables =
  /^(npm_(?!config_)|npm_config_local_prefix$|INIT_CWD$|VITEST|NODE_ENV$|NODE_OPTIONS$|TEST$|PORT$)/i

/**
 * The environment a user's shell gives a command: the Node the tests run on first in PATH (so
 * `npx`, npm and every `#!/usr/bin/env node` bin run on it), and nothing of this repository's
 * own run: no `node_modules/.bin` of ours, no package or script variables of the outer
 * `npm test` (its npm settings stay: a registry or cache set for CI applies here too), no
 * Vitest or NODE_ENV variables that would change how the consumer's own tools behave.
 */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [name, value] of Object.entries(process.env)) {
    if (!runVariables.test(name)) env[name] = value
  }
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => entry && !entry.endsWith(join('node_modules', '.bin')))
  env.PATH = [dirname(process.execPath), ...path].join(delimiter)
  return { ...env, ...extra }
}

/**
 * Starts a command in its own process group, so `stop()` ends what it spawned too (npx runs the
 * bin through a shell; npm runs scripts in children).
 * @example const bin = startCommand('npx', ['restapi-mock', '--port', '0'], { cwd })
 */
export function startCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions,
): RunningCommand {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? userEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let out = ''
  let err = ''
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (out += text))
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (err += text))
  const exited = new Promise<CommandResult>((resolve) => {
    child.once('error', (error) => {
      err += `${error.message}\n`
      resolve({ code: null, signal: null, stdout: out, stderr: err })
    })
    child.once('close', (code, signal) => resolve({ code, signal, stdout: out, stderr: err }))
  })
  const stop = (): void => {
    if (child.pid === undefined) return
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // The group has already gone.
    }
  }
  return { child, stdout: () => out, stderr: () => err, exited, stop }
}

/**
 * Runs a command to its end, or stops it (and its children) after `timeoutMs` and fails with
 * what it printed.
 * @example const { code, stdout } = await runCommand('npx', ['tsc', '--version'], { cwd }, 30_000)
 */
export async function runCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions,
  timeoutMs: number,
): Promise<CommandResult> {
  const running = startCommand(command, args, options)
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      running.stop()
      reject(
        new Error(
          `Failed to run ${command} ${args.join(' ')}: still running after ${timeoutMs} ms\n` +
            `${running.stdout()}\n${running.stderr()}`,
        ),
      )
    }, timeoutMs)
  })
  try {
    return await Promise.race([running.exited, timedOut])
  } finally {
    clearTimeout(timer)
  }
}

/** The same, failing with the output unless the command exits 0. */
export async function runOrFail(
  command: string,
  args: readonly string[],
  options: CommandOptions,
  timeoutMs: number,
): Promise<CommandResult> {
  const result = await runCommand(command, args, options, timeoutMs)
  if (result.code !== 0) {
    throw new Error(
      `Failed to run ${command} ${args.join(' ')} in ${options.cwd}: exit ${result.code ?? result.signal}\n` +
        `${result.stdout}\n${result.stderr}`,
    )
  }
  return result
}
