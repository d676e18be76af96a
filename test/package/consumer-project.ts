import { createHash } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { projectRoot } from '../support/cli.ts'
import { installConsumer } from './consumer-install.ts'
import { withDirectoryLock } from './directory-lock.ts'
import { runOrFail, userEnv } from './run-command.ts'

const fixturesDir = fileURLToPath(new URL('./fixtures/', import.meta.url))
const recipeFile = join(projectRoot, 'test/runtimes/vitest-recipe.test.ts')
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

/** Everything but the tarball that a consumer project is made from, hashed. */
function baseKey(dependencies: readonly string[], files: Readonly<Record<string, string>>): string {
  const hash = createHash('sha256').update(JSON.stringify(dependencies))
  const helpers = ['consumer-project.ts', 'consumer-install.ts'].map(
    (name) => [name, fileURLToPath(new URL(name, import.meta.url))] as const,
  )
  for (const [name, file] of [...Object.entries(files), ...helpers]) {
    hash.update(`${name}\0`).update(readFileSync(file)).update('\0')
  }
  return hash.digest('hex').slice(0, 20)
}

/** What the project is made from: the fixtures by their own names, and the Vitest recipe. */
function projectFiles(): Record<string, string> {
  const files: Record<string, string> = { 'recipe.test.ts': recipeFile }
  for (const file of filesUnder(fixturesDir)) files[relative(fixturesDir, file)] = file
  return files
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

/**
 * Drops consumer projects and leftovers that no run has used for half an hour: any change to
 * the sources makes a new tarball and so a new project, and each holds about 100 MB.
 */
function prune(keep: string): void {
  const unusedSince = Date.now() - 30 * 60_000
  for (const name of readdirSync(cacheRoot)) {
    const path = join(cacheRoot, name)
    if (path === keep || name.endsWith('.lock')) continue
    if (statSync(path).mtimeMs < unusedSince) rmSync(path, { recursive: true, force: true })
  }
}

/**
 * Packs this repository and returns a consumer project with the tarball installed, as a user's
 * project has it. One install serves every caller: it is kept under the OS temp folder, keyed by
 * a hash of the tarball, the fixtures and the dependency ranges, and a lock makes concurrent
 * callers (Vitest runs files in parallel) wait for one pack and one install. A new tarball
 * (after a change to the sources) only replaces the package in a copy of the last project.
 * @example const { dir } = await consumerProject()
 */
export async function consumerProject(): Promise<ConsumerProject> {
  mkdirSync(cacheRoot, { recursive: true })
  const lockName = createHash('sha256').update(projectRoot).digest('hex').slice(0, 12)
  return withDirectoryLock(join(cacheRoot, `${lockName}.lock`), 600_000, async () => {
    const packed = await pack()
    try {
      const dependencies = consumerDependencies()
      const files = projectFiles()
      const base = baseKey(dependencies, files)
      const key = createHash('sha256').update(base).update(readFileSync(packed)).digest('hex')
      const dir = join(cacheRoot, key.slice(0, 20))
      const installedNow = !existsSync(dir)
      if (installedNow) {
        await installConsumer({ dir, tarball: packed, dependencies, files, baseKey: base })
      }
      const now = new Date()
      utimesSync(dir, now, now)
      prune(dir)
      return { dir, tarball: join(dir, basename(packed)), installedNow }
    } finally {
      rmSync(dirname(packed), { recursive: true, force: true })
    }
  })
}
