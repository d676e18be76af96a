import { relative } from 'node:path'
import { createTwoFilesPatch } from 'diff'
import type { InitChoices, InitPlan } from './plan-init.ts'

/** The last line: how many changes, and what to run next. */
export function closing(plan: InitPlan, choices: InitChoices): string {
  const count = `${plan.steps.length} change${plan.steps.length === 1 ? '' : 's'}`
  const next =
    choices.home === 'server'
      ? "Run npm run mock beside npm run dev: the CLI answers the app through the dev server's proxy"
      : "Run npm run dev: the page's worker answers the app (VITE_RESTAPI_MOCK=server npm run dev, with npm run mock, switches to the CLI)"
  return `Done: ${count}. ${next}.\n`
}

/** The plan as the user reads it: what is there already, each change as a diff, the notes. */
export function describe(plan: InitPlan, cwd: string): string {
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
