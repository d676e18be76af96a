/**
 * Whether a process with this id is alive: signal 0 checks without sending; EPERM means it lives
 * but belongs to another user.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
