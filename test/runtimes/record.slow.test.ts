import { readFileSync, writeFileSync } from 'node:fs'
import { createServer, get, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Har } from '../../src/mock/index.ts'
import { exitWithin, startCli, tempDir, waitFor, waitForStart } from '../support/index.ts'

// Issue 26, point 4, as users run it: `--record` used to overwrite an existing recording and
// replace a file that was not HAR, hold each answer whole (300 MB -> 1.65 GB RSS) and inflate a
// gzip bomb without a bound (713 KB -> 3.74 GB RSS). Against a CMS on 127.0.0.1.

const mib = 1024 * 1024
// Gzip members one after another decode as one body: 1 MB of gzip, 950 MiB of zeros.
const bomb = Buffer.concat(Array.from({ length: 950 }, () => gzipSync(Buffer.alloc(mib))))
let cms: Server
let cmsUrl: string

/** Writes `bytes` bytes of `a`, waiting whenever the client is slower. */
async function stream(response: ServerResponse, bytes: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x61)
  for (let sent = 0; sent < bytes && !response.destroyed; sent += chunk.length) {
    if (!response.write(chunk.subarray(0, Math.min(chunk.length, bytes - sent)))) {
      await new Promise((resolve) => response.once('drain', resolve))
    }
  }
  response.end()
}

beforeAll(async () => {
  cms = createServer(async (request, response) => {
    let received = 0
    for await (const chunk of request) received += (chunk as Buffer).length
    const url = new URL(request.url ?? '/', 'http://cms')
    if (url.pathname === '/huge') {
      const bytes = Number(url.searchParams.get('mb')) * mib
      response.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(bytes),
      })
      await stream(response, bytes)
    } else if (url.pathname === '/bomb') {
      response.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Encoding': 'gzip',
        'Content-Length': String(bomb.length),
      })
      response.end(bomb)
    } else {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'sid=S1' })
      response.end(JSON.stringify({ Path: url.pathname, Received: received }))
    }
  })
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve))
  cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`
})

afterAll(async () => {
  cms.closeAllConnections()
  await new Promise((resolve) => cms.close(resolve))
})

function startRecording(file: string, extra: readonly string[] = []) {
  return startCli(['--port', '0', '--no-log', '--proxy', cmsUrl, '--record', file, ...extra])
}

function entriesIn(file: string): Har['log']['entries'] {
  return (JSON.parse(readFileSync(file, 'utf8')) as Har).log.entries
}

/** The entries, or undefined when the file does not parse as it is read (a write under way). */
function entriesOrTorn(file: string): Har['log']['entries'] | undefined {
  try {
    return entriesIn(file)
  } catch (error) {
    if (error instanceof SyntaxError) return undefined
    throw error
  }
}

/** The process's resident memory now, and at its peak (VmHWM), in MiB. */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
}

async function drain(response: Response): Promise<number> {
  let bytes = 0
  for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).length
  return bytes
}

/** The body's bytes as they came, not decoded. */
function bytesOf(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve(Buffer.concat(chunks)))
      response.on('error', reject)
    }).on('error', reject)
  })
}

describe('--record', () => {
  it('appends to the recording of an earlier run, the file valid after each request', async () => {
    const file = join(tempDir(), 'session.har')
    for (const [run, paths] of [
      [1, ['/one', '/two']],
      [2, ['/three']],
    ] as const) {
      const recording = startRecording(file)
      const origin = await waitForStart(recording)
      for (const path of paths) {
        expect((await fetch(`${origin}${path}`)).status).toBe(200)
        // Parsed between requests: valid once each write is done. A read that meets a write
        // under way may see it torn (a file written in place is not read atomically), so such
        // a read is tried again; a file left invalid fails the wait.
        await waitFor(
          `${path} in a valid recording of run ${run}`,
          () => {
            const entries = entriesOrTorn(file)
            return entries?.some((entry) => entry.request.url.endsWith(path)) ? true : undefined
          },
          5_000,
        )
      }
      recording.child.kill('SIGTERM')
      expect(await exitWithin(recording, 10_000)).toBe(0)
    }
    const entries = entriesIn(file)
    expect(entries.map((entry) => new URL(entry.request.url).pathname)).toEqual([
      '/one',
      '/two',
      '/three',
    ])
    expect(entries[0]?.response.headers).toContainEqual({
      name: 'set-cookie',
      value: 'sid=<redacted>',
    })
  })

  it('refuses to start on a file that is not HAR, saying so in one line, and leaves it as it was', async () => {
    const file = join(tempDir(), 'notes.har')
    const notes = 'my notes, not json\n'
    writeFileSync(file, notes)
    const run = startRecording(file)
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toMatch(
      /^restapi-mock: could not record: --record .*notes\.har is not a HAR file \(not JSON: .*\); give another file\n$/,
    )
    expect(readFileSync(file, 'utf8')).toBe(notes)
  })

  it('records a 300 MB answer as its size and a comment, its memory growing little', async () => {
    const file = join(tempDir(), 'huge.har')
    const recording = startRecording(file)
    const origin = await waitForStart(recording)
    const pid = recording.child.pid as number
    const before = memoryMb(pid).rss
    expect(await drain(await fetch(`${origin}/huge?mb=300`))).toBe(300 * mib)
    const entry = await waitFor(
      'the huge answer in the recording',
      () => entriesIn(file).at(0),
      10_000,
    )
    const grew = memoryMb(pid).peak - before
    // It grew by 1.5 GB when each answer was held whole.
    expect(grew).toBeLessThan(150)
    expect(entry.response.content).toEqual({
      size: 300 * mib,
      mimeType: 'application/octet-stream',
      comment: `body not kept: ${300 * mib} bytes, over --record-max-body (${mib} bytes)`,
    })
  })

  it('records a gzip bomb (1 MB that inflates to 950 MiB) as its size, never inflating it whole', async () => {
    const file = join(tempDir(), 'bomb.har')
    const recording = startRecording(file)
    const origin = await waitForStart(recording)
    const pid = recording.child.pid as number
    const before = memoryMb(pid).rss
    // node:http, which leaves the body encoded (fetch would inflate it here).
    expect((await bytesOf(`${origin}/bomb`)).equals(bomb)).toBe(true)
    const entry = await waitFor('the bomb in the recording', () => entriesIn(file).at(0), 10_000)
    expect(memoryMb(pid).peak - before).toBeLessThan(150)
    expect(entry.response.content.comment).toBe(
      `body not kept: its ${bomb.length} bytes decode to more than --record-max-body (${mib} bytes)`,
    )
  })

  it('keeps a streamed upload past --record-max-body as its size and a comment', async () => {
    const file = join(tempDir(), 'upload.har')
    const recording = startRecording(file, ['--record-max-body', '1000'])
    const origin = await waitForStart(recording)
    const upload = Buffer.alloc(200 * 1024, 0x62)
    const small = '{"Password":"P1","Name":"n"}'
    for (const body of [upload, small]) {
      const response = await fetch(`${origin}/upload`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      })
      expect(response.status).toBe(200)
    }
    const [large, kept] = await waitFor(
      'both uploads in the recording',
      () => {
        const entries = entriesIn(file)
        return entries.length === 2 ? entries : undefined
      },
      10_000,
    )
    expect(large?.request.bodySize).toBe(upload.length)
    expect(large?.request.postData).toEqual({
      mimeType: 'application/json',
      comment: `body not kept: ${upload.length} bytes, over --record-max-body (1000 bytes)`,
    })
    expect(kept?.request.postData?.text).toBe('{"Password":"<redacted>","Name":"n"}')
  })
})
