import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

/** Whether the process that made the lock has died (or never wrote its pid, long ago). */
function ownerIsGone(lockDir: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(join(lockDir, 'owner'), 'utf8'))
  } catch {
    try {
      // No pid yet: its maker is between mkdir and write, or died there.
      return Date.now() - statSync(lockDir).mtimeMs > 30_000
    } catch {
      return false
    }
  }
  try {
    process.kill(pid, 0)
    return false
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/**
 * Runs `action` while holding a lock shared by every process on the machine: a directory, which
 * only one `mkdir` can create. A lock left by a process that died is taken over.
 * @example await withDirectoryLock('/tmp/x.lock', 600_000, () => pack())
 */
export async function withDirectoryLock<T>(
  lockDir: string,
  timeoutMs: number,
  action: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      mkdirSync(lockDir)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (ownerIsGone(lockDir)) {
      // Renaming first means only one waiter takes a dead owner's lock over.
      const stale = `${lockDir}.stale-${process.pid}-${Date.now()}`
      try {
        renameSync(lockDir, stale)
        rmSync(stale, { recursive: true, force: true })
      } catch {
        // Another waiter took it over first.
      }
      continue
    }
    if (Date.now() > deadline) {
      throw new Error(`Failed to take the lock ${lockDir}: still held after ${timeoutMs} ms`)
    }
    await sleep(250)
  }
  writeFileSync(join(lockDir, 'owner'), String(process.pid))
  try {
    return await action()
  } finally {
    rmSync(lockDir, { recursive: true, force: true })
  }
}
