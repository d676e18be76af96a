import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { detectProject, type Project } from './detect-project.ts'
import { planInit, type InitChoices, type InitStep } from './plan-init.ts'
import { refusal } from './safe-paths.ts'
import { closing, describe } from './describe-plan.ts'
import { initUsage } from './init-usage.ts'

/** Where init reads and writes; the process's own streams unless a test gives others. */
export interface InitIo {
  readonly cwd: string
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }
  readonly stdout: NodeJS.WritableStream
  readonly stderr: NodeJS.WritableStream
}

/** A stop with one sentence for stderr and the exit code. */
class InitStop extends Error {
  readonly code: number
  constructor(message: string, code: number) {
    super(message)
    this.code = code
  }
}

/**
 * `restapi-mock init`: finds what the project uses, shows what it would change, and writes it
 * when told to (or asked, at a terminal). Resolves with the exit code: 0 done or nothing to do,
 * 1 declined or not asked, 2 a project it cannot set up (one sentence on stderr, nothing
 * changed). It never throws: every failure is that one sentence.
 * @example process.exitCode = await runInit(['--yes'], { cwd: process.cwd(), ...process })
 */
export async function runInit(args: readonly string[], io: InitIo): Promise<number> {
  // A reader that goes away (`init --dry-run | head -1`) ends the output, not the process.
  let closed = false
  io.stdout.on('error', () => (closed = true))
  try {
    const code = await initIn(args, io, () => closed)
    await flushed(io.stdout)
    if (closed) throw new InitStop('the output closed before init finished (EPIPE)', 1)
    return code
  } catch (error) {
    const stop = error instanceof InitStop ? error : null
    io.stderr.write(`restapi-mock init: ${stop ? stop.message : (error as Error).message}.\n`)
    return stop?.code ?? 2
  }
}

function flushed(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => stream.write('', () => resolve()))
}

function parse(args: readonly string[]) {
  try {
    return parseArgs({
      args: [...args],
      options: {
        home: { type: 'string' },
        port: { type: 'string' },
        'app-port': { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        yes: { type: 'boolean', short: 'y', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values
  } catch (error) {
    throw new InitStop(
      `${(error as Error).message} (restapi-mock init --help lists the options)`,
      2,
    )
  }
}

async function initIn(args: readonly string[], io: InitIo, closed: () => boolean): Promise<number> {
  const values = parse(args)
  if (values.help) {
    io.stdout.write(initUsage)
    return 0
  }
  const project = detectProject(io.cwd)
  if (typeof project === 'string') throw new InitStop(project, 2)
  const interactive = !values.yes && !values['dry-run']
  if (interactive && !io.stdin.isTTY)
    throw new InitStop(
      'stdin is not a terminal, so init cannot ask before it writes: run it again with --yes (and --home worker or --home server), or --dry-run to see the changes; nothing was written',
      1,
    )
  const prompt = interactive ? createInterface({ input: io.stdin, output: io.stdout }) : null
  try {
    const choices = await choose(values, project, prompt)
    const plan = planInit(project, choices)
    if (typeof plan === 'string') throw new InitStop(plan, 2)
    io.stdout.write(describe(plan, io.cwd))
    if (plan.steps.length === 0) {
      io.stdout.write('Nothing to change: restapi-mock is set up here.\n')
      return 0
    }
    const refused = refusal(plan.steps, project.root)
    if (refused) throw new InitStop(refused, 2)
    if (values['dry-run']) {
      io.stdout.write('Dry run: nothing was written.\n')
      return 0
    }
    if (prompt) {
      const answer = await prompt.question('Make these changes? [y/N] ')
      if (!/^y(es)?$/i.test(answer.trim())) {
        io.stdout.write('Nothing was written.\n')
        return 1
      }
    }
    await flushed(io.stdout)
    if (closed())
      throw new InitStop(
        'the output closed before init could write (EPIPE), so it wrote nothing',
        1,
      )
    applyAll(plan.steps, io.cwd)
    io.stdout.write(closing(plan, choices))
    return 0
  } finally {
    prompt?.close()
  }
}

/** The home and ports: from the options, else asked at a terminal, else package.json's, else the defaults. */
async function choose(
  values: ReturnType<typeof parse>,
  project: Project,
  prompt: ReturnType<typeof createInterface> | null,
): Promise<InitChoices> {
  const saved = project.packageJson.data.config ?? {}
  let home = values.home ?? (typeof saved.mockHome === 'string' ? saved.mockHome : undefined)
  if (values.home === undefined && prompt && project.vite) {
    const answer = await prompt.question(
      `Which home answers the app's /RestApi in development?\n  1) worker: the page's own service worker (no server to run)\n  2) server: the CLI (npm run mock), behind the dev server's proxy\n[${home === 'server' ? 2 : 1}] `,
    )
    const picked = answer.trim().toLowerCase()
    if (picked === '1' || picked === 'worker') home = 'worker'
    else if (picked === '2' || picked === 'server') home = 'server'
    else if (picked !== '')
      throw new InitStop(
        `"${answer.trim()}" is not 1 (worker) or 2 (server); nothing was written`,
        2,
      )
  }
  home ??= 'worker'
  if (home !== 'worker' && home !== 'server')
    throw new InitStop(`--home must be worker or server, not "${home}"`, 2)
  return {
    home,
    mockPort: portOf('--port', values.port ?? saved.mockPort, 4000),
    appPort: portOf('--app-port', values['app-port'] ?? saved.appPort, 5173),
  }
}

function portOf(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new InitStop(`${name} must be a port from 1 to 65535, not "${String(value)}"`, 2)
  return port
}

/**
 * Writes every file, then runs msw's init; on a failure puts back what it had written and
 * says why in one sentence (the paths were checked first, so this is a rare race).
 */
function applyAll(steps: readonly InitStep[], cwd: string): void {
  const written: InitStep[] = []
  try {
    for (const step of steps) {
      if (step.kind !== 'write') continue
      mkdirSync(dirname(step.path), { recursive: true })
      writeFileSync(step.path, step.after)
      written.push(step)
    }
    for (const step of steps) {
      if (step.kind !== 'msw-init') continue
      const run = spawnSync(process.execPath, [step.cli, 'init', step.directory, '--no-save'], {
        cwd,
        encoding: 'utf8',
      })
      if (run.status !== 0)
        throw new Error(`msw init ${step.directory} failed: ${(run.stderr || run.stdout).trim()}`)
    }
  } catch (error) {
    for (const step of written) {
      if (step.kind !== 'write') continue
      if (step.before === null) rmSync(step.path, { force: true })
      else writeFileSync(step.path, step.before)
    }
    const code = (error as NodeJS.ErrnoException).code
    const path = (error as NodeJS.ErrnoException).path
    throw new InitStop(
      code && path
        ? `cannot write ${relative(cwd, path)} (${code}); init put back what it had written`
        : `${(error as Error).message}; init put back what it had written`,
      2,
    )
  }
}
