import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { onTestFinished } from 'vitest'

/** The project root, where `src/tools/cli/start.ts` (the command's entry) lives. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url))

export interface CliRun {
  readonly child: ChildProcess
  /** Everything written so far. */
  stdout(): string
  stderr(): string
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  readonly exited: Promise<number | string>
}

/** The environment minus PORT, so only the arguments choose the port. */
function withoutPort(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { PORT: _port, ...rest } = env
  return rest
}

/**
 * Starts `node src/tools/cli/start.ts <args>`, as the bin and `npm start` do, with the test's Node,
 * and kills it when the test ends if it still runs. Call it inside a test or a `beforeEach`.
 */
export function startCli(args: readonly string[]): CliRun {
  const run = runCli(args)
  onTestFinished(() => stopCli(run))
  return run
}

/** The same for a script outside a test (the bench): stopping it is the caller's. */
export function runCli(args: readonly string[]): CliRun {
  const child = spawn(process.execPath, ['src/tools/cli/start.ts', ...args], {
    cwd: projectRoot,
    env: withoutPort(process.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (out += text))
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (err += text))
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'))
  })
  return { child, stdout: () => out, stderr: () => err, exited }
}

const startLine = /restapi-mock: serving \/RestApi on (http:\/\/127\.0\.0\.1:(\d+))\/RestApi/

/** Waits for the start line and returns the origin the CLI serves on. */
export async function waitForStart(run: CliRun, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const match = startLine.exec(run.stdout())
    if (match?.[1]) return match[1]
    if (run.child.exitCode !== null) {
      throw new Error(
        `Failed to start the CLI: it exited with ${run.child.exitCode}: ${run.stderr()}`,
      )
    }
    if (Date.now() > deadline) {
      throw new Error(
        `Failed to start the CLI within ${timeoutMs} ms: ${run.stdout()} ${run.stderr()}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Resolves with the exit code, or rejects when the process is still running after `ms`. */
export function exitWithin(run: CliRun, ms: number): Promise<number | string> {
  return Promise.race([
    run.exited,
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`Failed to stop: the CLI still runs after ${ms} ms`)),
        ms,
      ).unref(),
    ),
  ])
}

/** Stops a CLI this test started, if it still runs. */
export function stopCli(run: CliRun): void {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGKILL')
}
