import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { basename, join } from 'node:path'
import { runOrFail, userEnv } from './run-command.ts'

export interface InstallPlan {
  /** Where the finished project goes; it appears there complete or not at all. */
  readonly dir: string
  readonly tarball: string
  /** What a user's project has next to us: `msw@^3.0.5` and the like. */
  readonly dependencies: readonly string[]
  /** Files copied in first, by name in the project: the fixtures and the recipe. */
  readonly files: Readonly<Record<string, string>>
  /** Identifies everything but the tarball: a project with the same base can be reused. */
  readonly baseKey: string
}

const baseKeyFile = '.base-key'

/** The newest finished project with the same base (same dependencies and files), if any. */
function findDonor(plan: InstallPlan): string | undefined {
  const root = join(plan.dir, '..')
  return readdirSync(root)
    .map((name) => join(root, name))
    .filter((dir) => {
      try {
        return readFileSync(join(dir, baseKeyFile), 'utf8') === plan.baseKey
      } catch {
        return false
      }
    })
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
}

/** Copies the donor project into `staging`, if there is one and it can be copied. */
function copyDonor(plan: InstallPlan, staging: string): string | undefined {
  const donor = findDonor(plan)
  if (!donor) return undefined
  try {
    cpSync(donor, staging, {
      recursive: true,
      verbatimSymlinks: true,
      // Not the donor's page build or Vite's cache: they belong to the old tarball.
      filter: (source) =>
        !/^(dist|node_modules\/\.vite)(\/|$)/.test(source.slice(donor.length + 1)),
    })
  } catch {
    // Another checkout's run pruned it meanwhile: install afresh instead.
    rmSync(staging, { recursive: true, force: true })
    return undefined
  }
  for (const old of readdirSync(staging).filter((name) => name.endsWith('.tgz')))
    rmSync(join(staging, old))
  return donor
}

/**
 * Sets a consumer project up as a user does (`npm i -D restapi-mock msw …`, then
 * `npx msw init public --save`), in a staging folder renamed into place when complete. A new
 * tarball with the same base starts from a copy of the last such project and only replaces the
 * package: npm takes seconds for that instead of the half minute a fresh install takes.
 */
export async function installConsumer(plan: InstallPlan): Promise<void> {
  const staging = `${plan.dir}.staging-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  const donor = copyDonor(plan, staging)
  if (!donor) {
    mkdirSync(staging)
    writeFileSync(
      join(staging, 'package.json'),
      `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
    )
  }
  for (const [name, source] of Object.entries(plan.files)) cpSync(source, join(staging, name))
  const tarballName = basename(plan.tarball)
  cpSync(plan.tarball, join(staging, tarballName))

  const options = { cwd: staging, env: userEnv() }
  const install = ['install', '--save-dev', '--no-audit', '--no-fund', '--prefer-offline']
  await runOrFail(
    'npm',
    [...install, `./${tarballName}`, ...(donor ? [] : plan.dependencies)],
    options,
    300_000,
  )
  if (!donor) await runOrFail('npx', ['msw', 'init', 'public', '--save'], options, 60_000)
  writeFileSync(join(staging, baseKeyFile), plan.baseKey)
  try {
    renameSync(staging, plan.dir)
  } catch (error) {
    // Another process (another checkout's test run) finished the same install first.
    rmSync(staging, { recursive: true, force: true })
    if (!existsSync(plan.dir)) throw error
  }
}
