import { accessSync, constants, existsSync, lstatSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, sep } from 'node:path'
import type { InitStep } from './init-step.ts'

/** Where a path really leads: symlinks resolved, for the part of it that exists. */
function realPathOf(path: string): string {
  const rest: string[] = []
  let existing = path
  // A dangling symlink does not exist, but leads somewhere all the same.
  while (!existsSync(existing) && !isSymlink(existing)) {
    rest.unshift(basename(existing))
    const parent = dirname(existing)
    if (parent === existing) break
    existing = parent
  }
  const real = isSymlink(existing) && !existsSync(existing) ? existing : realpathSync(existing)
  return join(real, ...rest)
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

/** The paths a step writes: the file, or the folder msw's init writes its script into. */
function targetsOf(step: InitStep, root: string): string[] {
  return step.kind === 'write'
    ? [step.path]
    : [join(root, step.directory), join(root, step.directory, 'mockServiceWorker.js')]
}

/**
 * Why init must not carry the plan out, as one sentence, or null: a path that leads outside
 * the project (a symlink, `../`), or one it cannot write. Checked for every step before the
 * first write, so that init writes all of its changes or none.
 */
export function refusal(steps: readonly InitStep[], root: string): string | null {
  const realRoot = realpathSync(root)
  for (const step of steps) {
    for (const target of targetsOf(step, root)) {
      const name = relative(root, target) || target
      const real = realPathOf(target)
      if (real !== realRoot && !real.startsWith(realRoot + sep))
        return `${name} leads outside the project (to ${real}): init writes only inside ${realRoot}, so it wrote nothing`
      const unwritable = whyUnwritable(target)
      if (unwritable) return `cannot write ${name} (${unwritable}), so init wrote nothing`
    }
  }
  return null
}

/** Why a file (or the folder it would be made in) cannot be written, or null. */
function whyUnwritable(path: string): string | null {
  let existing = path
  while (!existsSync(existing)) {
    const parent = dirname(existing)
    if (parent === existing) return 'no folder to make it in'
    existing = parent
  }
  if (existing !== path && !statSync(existing).isDirectory()) return `${existing} is not a folder`
  try {
    accessSync(existing, constants.W_OK)
    return null
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'not writable'
  }
}
