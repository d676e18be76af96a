import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { isRunning } from './is-running.ts'

/** The refusal when another live process holds the lock: one sentence, with its advice. */
export class FileLockedError extends Error {
  readonly code = 'ELOCKED'
}

/** A file this process alone writes until `release()` (or its exit). */
export interface FileLock {
  /** The lock file beside the locked one: `session.har.lock`. */
  readonly path: string
  /** Removes the lock file, if it is still this process's; a second call does nothing. */
  release(): void
}

export interface FileLockOptions {
  /** The file to write alone: `session.har`, `mock-state.json`. */
  readonly path: string
  /** The option that named it, for the refusal: `--record`, `--state-file`. */
  readonly option: string
}

/**
 * Takes `<path>.lock` for this process, or throws one sentence naming the process that holds
 * it. The lock file holds the holder's pid and the option (`4242 --record`): it is written whole to a file of this process's own
 * and then hard-linked to the lock's name, which fails when a lock is there (so a reader never
 * sees a half-written pid). A lock whose process is gone (a `kill -9`) is taken over. The lock
 * goes away with `release()` or when the process exits. Two mocks that start at the very same
 * instant on a stale lock could both take it over; that needs a kill and two starts at once.
 * @example const lock = takeFileLock({ path: 'session.har', option: '--record' })
 */
export function takeFileLock({ path, option }: FileLockOptions): FileLock {
  const lock = `${path}.lock`
  const own = `${path}.${process.pid}.lock-new`
  for (let attempt = 0; ; attempt++) {
    const holder = tryLink(own, lock, option)
    if (holder === 'taken') break
    // This process's own lock for the same option is taken again: a process opens a file anew
    // only once it is done with it (a test's restart). For another option it is refused: one
    // file cannot be both the recording and the state file.
    if (holder === process.pid && ownerIn(lock) === option) break
    if (holder === process.pid) {
      throw new FileLockedError(
        `${option} ${path} is this mock's ${ownerIn(lock)} file already; give another file`,
      )
    }
    if (holder !== null && isRunning(holder)) {
      throw new FileLockedError(
        `${option} ${path} is in use by another restapi-mock, process ${holder} (its lock: ${lock}); stop that one, or give another file`,
      )
    }
    // Its holder is gone (or wrote no pid): the lock is stale.
    if (attempt >= 2) throw new Error(`${option} ${path}: could not take the lock ${lock}`)
    rmSync(lock, { force: true })
  }
  let released = false
  const release = (): void => {
    if (released) return
    released = true
    process.removeListener('exit', release)
    if (pidIn(lock) === process.pid) rmSync(lock, { force: true })
  }
  process.on('exit', release)
  return { path: lock, release }
}

/** 'taken', or the pid in the lock that stands (null when it holds none). */
function tryLink(own: string, lock: string, option: string): 'taken' | number | null {
  writeFileSync(own, `${process.pid} ${option}\n`)
  try {
    linkSync(own, lock)
    return 'taken'
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EEXIST') {
      // A file system without hard links: an exclusive create instead.
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error
      try {
        writeFileSync(lock, `${process.pid} ${option}\n`, { flag: 'wx' })
        return 'taken'
      } catch (second) {
        if ((second as NodeJS.ErrnoException).code !== 'EEXIST') throw second
      }
    }
    return pidIn(lock)
  } finally {
    rmSync(own, { force: true })
  }
}

/** The lock's text: `<pid> <option>`, as this module writes it. */
function lockText(lock: string): string {
  try {
    return readFileSync(lock, 'utf8').trim()
  } catch {
    return ''
  }
}

function pidIn(lock: string): number | null {
  const pid = /^(\d{1,10})(?:\s|$)/.exec(lockText(lock))?.[1]
  return pid === undefined ? null : Number(pid)
}

/** The option that took the lock (`--record`), or '' when it names none. */
function ownerIn(lock: string): string {
  return /^\d{1,10}\s+(\S+)/.exec(lockText(lock))?.[1] ?? ''
}
