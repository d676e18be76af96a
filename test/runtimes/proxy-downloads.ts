import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer as createHttpServer, get, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Worker } from 'node:worker_threads'

// Large downloads through `--proxy` (issue 26, point 1), for the slow tests and
// `npm run bench:proxy-stream`: a fake CMS on 127.0.0.1 that sends N MiB as fast as its client
// takes them, a client that counts and hashes every byte, and a probe that times normal
// requests to the mock meanwhile.

const mib = 1024 * 1024
// A MiB of bytes that are not all alike (a seeded xorshift), so that a dropped, repeated or
// reordered piece changes the hash; each MiB sent also starts with its own index.
const block = (() => {
  const bytes = Buffer.alloc(mib)
  let x = 0x2545f491
  for (let i = 0; i < mib; i += 4) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    bytes.writeInt32LE(x | 0, i)
  }
  return bytes
})()

function mibNumber(index: number): Buffer {
  const copy = Buffer.from(block)
  copy.writeUInt32LE(index, 0)
  return copy
}

const digests = new Map<number, string>()

/** The sha256 of what the fake upstream sends for `/bytes?mb=<mb>`. */
export function expectedDigest(mb: number): string {
  let digest = digests.get(mb)
  if (digest === undefined) {
    const hash = createHash('sha256')
    for (let i = 0; i < mb; i++) hash.update(mibNumber(i))
    digest = hash.digest('hex')
    digests.set(mb, digest)
  }
  return digest
}

export interface DownloadUpstream {
  readonly url: string
  /** Answers whose client (the mock) closed the connection before the last byte. */
  readonly cutOff: number
  /** Answers sent whole. */
  readonly finished: number
  /** Answers being sent now. */
  readonly sending: number
  /** Bytes written to the mock so far, all answers together. */
  readonly bytesSent: number
  close(): Promise<void>
}

/**
 * A fake CMS: `GET /bytes?mb=N` answers N MiB with a Content-Length, written in 256 KiB pieces
 * that wait for `drain`, so it sends as fast as the proxy takes them and never faster.
 */
export async function startDownloadUpstream(): Promise<DownloadUpstream> {
  let cutOff = 0
  let finished = 0
  let sending = 0
  let bytesSent = 0
  const send = async (response: ServerResponse, mb: number): Promise<void> => {
    let closed = false
    const gone = new Promise<void>((resolve) => response.once('close', () => resolve()))
    response.once('close', () => {
      closed = true
      sending--
      if (response.writableFinished) finished++
      else cutOff++
    })
    sending++
    response.writeHead(200, {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(mb * mib),
    })
    for (let i = 0; i < mb && !closed; i++) {
      const part = mibNumber(i)
      for (let at = 0; at < mib && !closed; at += 256 * 1024) {
        bytesSent += 256 * 1024
        if (!response.write(part.subarray(at, at + 256 * 1024))) {
          await Promise.race([new Promise((resolve) => response.once('drain', resolve)), gone])
        }
      }
    }
    if (!closed) response.end()
  }
  const server = createHttpServer((request, response) => {
    const mb = Number(new URL(request.url ?? '/', 'http://h').searchParams.get('mb') ?? 1)
    void send(response, mb)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get cutOff() {
      return cutOff
    },
    get finished() {
      return finished
    },
    get sending() {
      return sending
    },
    get bytesSent() {
      return bytesSent
    },
    close: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}

export interface Download {
  readonly status: number
  readonly bytes: number
  readonly sha256: string
  readonly ms: number
}

/**
 * Downloads `/RestApi/files/bytes?mb=N` through the mock, hashing it as it comes. With
 * `leaveAfter`, the client closes the connection after that many bytes instead.
 */
export function download(origin: string, mb: number, leaveAfter?: number): Promise<Download> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    let bytes = 0
    const request = get(`${origin}/RestApi/files/bytes?mb=${mb}`, { agent: false }, (response) => {
      const done = (): void =>
        resolve({
          status: response.statusCode ?? 0,
          bytes,
          sha256: hash.digest('hex'),
          ms: performance.now() - started,
        })
      response.on('data', (part: Buffer) => {
        bytes += part.length
        hash.update(part)
        if (leaveAfter !== undefined && bytes >= leaveAfter) {
          request.destroy()
          done()
        }
      })
      response.once('end', done)
      response.once('error', (error) => (leaveAfter === undefined ? reject(error) : undefined))
    })
    request.once('error', (error) => (leaveAfter === undefined ? reject(error) : undefined))
  })
}

export interface Probe {
  /** Stops probing; resolves with every latency measured, in ms. */
  stop(): Promise<number[]>
}

/**
 * Sends normal requests to the mock one after another from a worker thread, alternately
 * `GET /__mock/settings` and a JSON `PUT` of a comment, timing each (see probe-worker.ts).
 */
export function probe(origin: string, commentKey: string): Probe {
  const worker = new Worker(new URL('./probe-worker.ts', import.meta.url), {
    workerData: { origin, commentKey },
  })
  const latencies = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (values: number[]) => resolve(values))
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the probe stopped (exit ${code})`)))
  })
  return {
    async stop() {
      worker.postMessage('stop')
      const values = await latencies
      await worker.terminate()
      return values
    },
  }
}

/** The p-th percentile (0-100) of some latencies, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

/** A process's resident memory in MB, from /proc. */
export function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(line?.[1] ?? 0) / 1024
}

/** A process's peak resident memory (VmHWM) in MB. */
export function peakRssMb(pid: number): number {
  const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(line?.[1] ?? 0) / 1024
}

export interface StalledDownload {
  /** Bytes received before the client stopped reading. */
  readonly bytes: number
  /** Closes the connection, as a browser tab that is closed. */
  leave(): void
}

/**
 * Starts a download and stops reading it after `stallAfter` bytes, keeping the connection open:
 * a client that is gone quiet (a paused tab, a debugger). Resolves once it has stopped.
 */
export function stalledDownload(
  origin: string,
  mb: number,
  stallAfter: number,
): Promise<StalledDownload> {
  return new Promise((resolve, reject) => {
    let bytes = 0
    const request = get(`${origin}/RestApi/files/bytes?mb=${mb}`, { agent: false }, (response) => {
      const onData = (part: Buffer): void => {
        bytes += part.length
        if (bytes < stallAfter) return
        response.off('data', onData)
        response.pause()
        resolve({ bytes, leave: () => request.destroy() })
      }
      response.on('data', onData)
      response.once('error', () => undefined)
    })
    request.once('error', (error) => (bytes < stallAfter ? reject(error) : undefined))
  })
}

export interface Floor {
  readonly origin: string
  readonly pid: number
  stop(): void
}

/** Starts stream-floor.ts (a bare Node pass-through to `upstreamUrl`) in a process of its own. */
export async function startFloor(upstreamUrl: string): Promise<Floor> {
  const child = spawn(process.execPath, [new URL('./stream-floor.ts', import.meta.url).pathname], {
    env: { ...process.env, UPSTREAM: upstreamUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise<number>((resolve, reject) => {
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      const match = /listening (\d+)/.exec(text)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`Failed to start the floor: exit ${code}`)))
  })
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}

export interface PlanOutcome {
  /** One line per download: `10 MiB whole`, or what went wrong. */
  readonly outcomes: string[]
  /** Each download's time, in ms, in the plan's order. */
  readonly times: number[]
  /** The normal requests' latencies meanwhile, in ms. */
  readonly latencies: number[]
}

/**
 * Downloads each size of `plan` (MiB) in turn through `origin`, checking every byte, while a
 * probe times normal requests to it.
 */
export async function runPlan(
  origin: string,
  commentKey: string,
  plan: readonly number[],
): Promise<PlanOutcome> {
  for (const mb of new Set(plan)) expectedDigest(mb)
  // Warm up: the first download loads the proxy's code and sizes the heap.
  await download(origin, 10)
  const normal = probe(origin, commentKey)
  const outcomes: string[] = []
  const times: number[] = []
  let latencies: number[] = []
  try {
    for (const mb of plan) {
      const got = await download(origin, mb)
      times.push(got.ms)
      outcomes.push(
        got.status === 200 && got.bytes === mb * mib && got.sha256 === expectedDigest(mb)
          ? `${mb} MiB whole`
          : `${mb} MiB: status ${got.status}, ${got.bytes} bytes, sha256 ${got.sha256}`,
      )
    }
  } finally {
    latencies = await normal.stop()
  }
  return { outcomes, times, latencies }
}
