import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { createTwoFilesPatch } from 'diff'
import { detectProject } from './detect-project.ts'
import { planInit, type InitPlan, type InitStep } from './plan-init.ts'

/** Where init reads and writes; the process's own streams unless a test gives others. */
export interface InitIo {
  readonly cwd: string
  readonly stdin: NodeJS.ReadableStream & { readonly isTTY?: boolean }
  readonly stdout: NodeJS.WritableStream
  readonly stderr: NodeJS.WritableStream
}

export const initUsage = `Usage: restapi-mock init [--dry-run] [--yes]

Sets restapi-mock up in the project in this folder, as the README's recipes show: msw's worker
script, the development-only start in the app's entry, a "mock" npm script, the Storybook
preview and the Playwright fixture and webServer, for what it finds of Vite, Storybook, Vitest
and Playwright. It shows each change as a diff and asks before writing.

  --dry-run   show the changes, write nothing
  -y, --yes   write them without asking
  -h, --help  print this text
`

/**
 * `restapi-mock init`: finds what the project uses, shows what it would change, and writes it
 * when told to (or asked, at a terminal). Resolves with the exit code: 0 done or nothing to do,
 * 1 declined, 2 a project it cannot set up (one sentence on stderr, nothing changed).
 * @example process.exitCode = await runInit(['--yes'], { cwd: process.cwd(), ...process })
 */
export async function runInit(args: readonly string[], io: InitIo): Promise<number> {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...args],
      options: {
        'dry-run': { type: 'boolean', default: false },
        yes: { type: 'boolean', short: 'y', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }))
  } catch (error) {
    io.stderr.write(`restapi-mock init: ${(error as Error).message}\n\n${initUsage}`)
    return 2
  }
  if (values.help) {
    io.stdout.write(initUsage)
    return 0
  }
  const project = detectProject(io.cwd)
  if (typeof project === 'string') {
    io.stderr.write(`restapi-mock init: ${project}.\n`)
    return 2
  }
  const plan = planInit(project)
  if (typeof plan === 'string') {
    io.stderr.write(`restapi-mock init: ${plan}.\n`)
    return 2
  }
  io.stdout.write(describe(plan, io.cwd))
  if (plan.steps.length === 0) {
    io.stdout.write('Nothing to change: restapi-mock is set up here.\n')
    return 0
  }
  if (values['dry-run']) {
    io.stdout.write('Dry run: nothing was written.\n')
    return 0
  }
  if (!values.yes) {
    if (!io.stdin.isTTY) {
      io.stdout.write('Nothing was written: run it again with --yes to make these changes.\n')
      return 0
    }
    const prompt = createInterface({ input: io.stdin, output: io.stdout })
    const answer = await prompt.question('Make these changes? [y/N] ')
    prompt.close()
    if (!/^y(es)?$/i.test(answer.trim())) {
      io.stdout.write('Nothing was written.\n')
      return 1
    }
  }
  for (const step of plan.steps) {
    const failure = apply(step, io.cwd)
    if (failure) {
      io.stderr.write(`restapi-mock init: ${failure}\n`)
      return 2
    }
  }
  io.stdout.write(
    `Done: ${plan.steps.length} change${plan.steps.length === 1 ? '' : 's'}. Start the mock with npm run mock.\n`,
  )
  return 0
}

/** The plan as the user reads it: what is there already, each change as a diff, the notes. */
function describe(plan: InitPlan, cwd: string): string {
  const parts: string[] = []
  for (const line of plan.done) parts.push(`  ok  ${line}\n`)
  for (const step of plan.steps) {
    if (step.kind === 'msw-init') {
      parts.push(`\n> ${step.why}\n  node_modules/.bin/msw init ${step.directory} --no-save\n`)
      continue
    }
    const name = relative(cwd, step.path)
    parts.push(`\n> ${name}: ${step.why}\n`)
    parts.push(
      createTwoFilesPatch(
        step.before === null ? '/dev/null' : `a/${name}`,
        `b/${name}`,
        step.before ?? '',
        step.after,
        undefined,
        undefined,
        { context: 3 },
      )
        .split('\n')
        .slice(1)
        .join('\n'),
    )
  }
  for (const note of plan.notes) parts.push(`\nnote: ${note}\n`)
  return `${parts.join('')}\n`
}

/** Carries out one step; a sentence when it failed. */
function apply(step: InitStep, cwd: string): string | null {
  if (step.kind === 'write') {
    mkdirSync(dirname(step.path), { recursive: true })
    writeFileSync(step.path, step.after)
    return null
  }
  const run = spawnSync(process.execPath, [step.cli, 'init', step.directory, '--no-save'], {
    cwd,
    encoding: 'utf8',
  })
  return run.status === 0
    ? null
    : `msw init ${step.directory} failed: ${(run.stderr || run.stdout).trim()}`
}
