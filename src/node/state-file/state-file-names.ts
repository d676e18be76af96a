import { readdirSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { isRunning } from './is-running.ts'

// The files beside a state file: its change logs and the temporary files of full writes.

/** `state.json.3.log`: the changes made since the file naming `"Log":3` was written. */
export function logName(path: string, generation: number): string {
  return `${path}.${generation}.log`
}

/** `state.json.<pid>.tmp`: one per process, so two processes never write each other's. */
export function temporaryName(path: string, pid: number): string {
  return `${path}.${pid}.tmp`
}

/** Logs of files that were replaced since: a kill between two steps of a full write leaves one. */
export function removeStaleLogs(path: string, keep: number): void {
  const prefix = `${basename(path)}.`
  for (const name of namesIn(dirname(path))) {
    if (!name.startsWith(prefix) || !name.endsWith('.log')) continue
    const generation = name.slice(prefix.length, -'.log'.length)
    if (!/^\d{1,16}$/.test(generation) || Number(generation) === keep) continue
    rmSync(join(dirname(path), name), { force: true })
  }
}

/** Removes the temporary files of processes that are gone, e.g. after a `kill -9`. */
export function removeStaleTemporaries(path: string): void {
  const directory = dirname(path)
  const prefix = `${basename(path)}.`
  for (const name of namesIn(directory)) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue
    const pid = name.slice(prefix.length, -'.tmp'.length)
    if (!/^\d{1,10}$/.test(pid)) continue
    // Another live mock on the same file is writing it: leave that one alone.
    if (Number(pid) !== process.pid && isRunning(Number(pid))) continue
    rmSync(join(directory, name), { force: true })
  }
}

function namesIn(directory: string): string[] {
  try {
    return readdirSync(directory)
  } catch {
    return []
  }
}
