import { cpSync, existsSync, rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ConsumerProject } from './consumer-project.ts'
import { runCommand, userEnv, type CommandResult } from './run-command.ts'

const appSource = fileURLToPath(new URL('./init-app/', import.meta.url))

export interface InitApp {
  /** The app's folder, inside the consumer project, its node_modules the consumer's. */
  readonly dir: string
  /** What `restapi-mock init --yes` printed and returned, then a second run of it. */
  readonly first: CommandResult
  readonly second: CommandResult
}

/**
 * A user's Vite app (test/package/init-app) set up by the installed `restapi-mock init --yes`,
 * run twice, as a user runs the bin: `node_modules/.bin/restapi-mock` in the app's folder. Made
 * afresh inside the consumer project, whose node_modules (vite, msw, restapi-mock) it shares.
 * @example const app = await initApp(await consumerProject())
 */
export async function initApp(project: ConsumerProject, name = 'init-app'): Promise<InitApp> {
  const dir = join(project.dir, name)
  rmSync(dir, { recursive: true, force: true })
  cpSync(appSource, dir, { recursive: true })
  symlinkSync(join(project.dir, 'node_modules'), join(dir, 'node_modules'))
  const init = (): Promise<CommandResult> =>
    runCommand(
      join(dir, 'node_modules/.bin/restapi-mock'),
      ['init', '--yes'],
      {
        cwd: dir,
        env: userEnv(),
      },
      60_000,
    )
  const first = await init()
  const second = await init()
  return { dir, first, second }
}

/** `vite build` in the app, as its build script runs it (or with NODE_ENV=development), into `dist-<mode>`. */
export async function buildApp(dir: string, mode: 'production' | 'development'): Promise<string> {
  const outDir = join(dir, `dist-${mode}`)
  if (existsSync(outDir)) rmSync(outDir, { recursive: true })
  const result = await runCommand(
    join(dir, 'node_modules/.bin/vite'),
    ['build', '--outDir', outDir],
    // NODE_ENV, not --mode, decides import.meta.env.DEV in a build (Vite's "Modes" guide).
    { cwd: dir, env: userEnv({ NODE_ENV: mode }) },
    120_000,
  )
  if (result.code !== 0)
    throw new Error(`Failed to build the app: ${result.stdout}${result.stderr}`)
  return outDir
}
