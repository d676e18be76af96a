import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { withDirectoryLock } from './directory-lock.ts'
import { runOrFail, userEnv } from './run-command.ts'

/** The repository's root, which `npm pack` packs. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url))
const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url))
const recipeFile = join(projectRoot, 'test/recipes/vitest-recipe.test.ts')
/**
 * Consumer projects live outside the repository, so Node and TypeScript resolve only what the
 * consumer installed: a dependency we forgot to declare cannot be found in our node_modules.
 */
const cacheRoot = join(tmpdir(), 'restapi-mock-consumer')

export interface ConsumerProject {
  /** The consumer project: the tarball installed with msw, Vitest, TypeScript 5 and Vite. */
  readonly dir: string
  /** The packed tarball, inside `dir`. */
  readonly tarball: string
  /** Whether this call installed it (false: an earlier run with the same inputs did). */
  readonly installedNow: boolean
}

/** What a user's front-end project has next to us: the ranges this repository uses itself. */
function consumerDependencies(): string[] {
  const ours = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>
  }
  const same = ['msw', 'vitest', 'vite', '@types/node'].map(
    (name) => `${name}@${ours.devDependencies[name] ?? 'latest'}`,
  )
  // Users have TypeScript 5; this repository checks itself with 7.
  return [...same, 'typescript@^5']
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** Everything the consumer project is made from; the same inputs reuse the same install. */
function inputsKey(tarball: string, dependencies: readonly string[]): string {
  const hash = createHash('sha256')
  hash.update(readFileSync(tarball))
  hash.update(JSON.stringify(dependencies))
  for (const file of [...filesUnder(fixturesDir), recipeFile, fileURLToPath(import.meta.url)]) {
    hash.update(file.slice(projectRoot.length))
    hash.update(readFileSync(file))
  }
  return hash.digest('hex').slice(0, 20)
}

/** `npm pack`, as `npm publish` does it: its prepack builds dist first. */
async function pack(): Promise<string> {
  const destination = mkdtempSync(join(cacheRoot, 'pack-'))
  await runOrFail(
    'npm',
    ['pack', '--pack-destination', destination],
    { cwd: projectRoot, env: userEnv() },
    180_000,
  )
  const [name] = readdirSync(destination).filter((file) => file.endsWith('.tgz'))
  if (!name) throw new Error(`Failed to pack: no tarball in ${destination}`)
  return join(destination, name)
}

/** Sets the project up as a user does, in a staging folder renamed into place when complete. */
async function install(dir: string, tarball: string, dependencies: string[]): Promise<void> {
  const staging = `${dir}.staging-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging)
  writeFileSync(
    join(staging, 'package.json'),
    `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
  )
  const tarballName = tarball.split('/').pop() ?? 'restapi-mock.tgz'
  cpSync(tarball, join(staging, tarballName))
  cpSync(fixturesDir, staging, { recursive: true })
  cpSync(recipeFile, join(staging, 'recipe.test.ts'))
  const options = { cwd: staging, env: userEnv() }
  await runOrFail(
    'npm',
    [
      'install',
      '--save-dev',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      `./${tarballName}`,
      ...dependencies,
    ],
    options,
    300_000,
  )
  await runOrFail('npx', ['msw', 'init', 'public', '--save'], options, 60_000)
  try {
    renameSync(staging, dir)
  } catch (error) {
    // Another process (another checkout's test run) finished the same install first.
    rmSync(staging, { recursive: true, force: true })
    if (!existsSync(dir)) throw error
  }
}

/** Drops consumer projects and leftovers that no run has used for a day. */
function prune(keep: string): void {
  const dayAgo = Date.now() - 24 * 3600_000
  for (const name of readdirSync(cacheRoot)) {
    const path = join(cacheRoot, name)
    if (path === keep || name.endsWith('.lock')) continue
    if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true })
  }
}

/**
 * Packs this repository and returns a consumer project with the tarball installed, as a user's
 * project has it. One install serves every caller: it is kept under the OS temp folder, keyed by
 * a hash of the tarball, the fixtures and the dependency ranges, and a lock makes concurrent
 * callers (Vitest runs files in parallel) wait for one pack and one install.
 * @example const { dir } = await consumerProject()
 */
export async function consumerProject(): Promise<ConsumerProject> {
  mkdirSync(cacheRoot, { recursive: true })
  const lockName = createHash('sha256').update(projectRoot).digest('hex').slice(0, 12)
  return withDirectoryLock(join(cacheRoot, `${lockName}.lock`), 600_000, async () => {
    const packed = await pack()
    try {
      const dependencies = consumerDependencies()
      const dir = join(cacheRoot, inputsKey(packed, dependencies))
      const installedNow = !existsSync(dir)
      if (installedNow) await install(dir, packed, dependencies)
      const now = new Date()
      utimesSync(dir, now, now)
      prune(dir)
      const tarball = join(dir, packed.split('/').pop() ?? '')
      return { dir, tarball, installedNow }
    } finally {
      rmSync(join(packed, '..'), { recursive: true, force: true })
    }
  })
}
