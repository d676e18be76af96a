import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export interface ServerProcess {
  readonly name: string
  readonly url: string
  readonly pid: number
  /** From spawning the process to its first successful answer. */
  readonly coldStartMs: number
  rssMb(): number
  /** Its CPU time so far, all threads, user and system, in ms (in ticks of 10 ms). */
  cpuMs(): number
  stop(): Promise<void>
}

const root = fileURLToPath(new URL('..', import.meta.url))

/**
 * Starts a server script with this Node (in `cwd`, by default the project root), waits for its
 * port line, then for a first answer.
 */
export async function startServer(
  name: string,
  args: readonly string[],
  probe: (url: string) => Promise<boolean>,
  // Added to this process's environment; an undefined value leaves that variable out.
  env: Record<string, string | undefined> = {},
  cwd: string = root,
): Promise<ServerProcess> {
  const started = performance.now()
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    // A group of its own, so that stopping it stops what it started (`npm start`'s server).
    detached: true,
  })
  const port = await new Promise<number>((resolve, reject) => {
    let text = ''
    const onData = (chunk: Buffer): void => {
      text += chunk.toString()
      const match = /(?:listening |127\.0\.0\.1:)(\d+)/.exec(text)
      if (match) {
        child.stdout?.off('data', onData)
        // Keep draining: a server's request log must never fill the pipe and stall it.
        child.stdout?.resume()
        resolve(Number(match[1]))
      }
    }
    child.stdout?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`Failed to start ${name}: exit ${code}`)))
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  while (!(await probe(url).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`Failed to start ${name}: no answer in 30 s`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
  const coldStartMs = performance.now() - started
  return {
    name,
    url,
    pid: child.pid ?? 0,
    coldStartMs,
    rssMb: () => rssOf(child),
    cpuMs: () => cpuOf(child),
    stop: () => stop(child),
  }
}

function rssOf(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

function cpuOf(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    const group = -(child.pid ?? 0)
    process.kill(group, 'SIGTERM')
    setTimeout(() => {
      try {
        process.kill(group, 'SIGKILL')
      } catch {
        // The group is gone already.
      }
    }, 3000).unref()
  })
}
