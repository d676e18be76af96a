import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Har } from '../../src/mock/index.ts'
import {
  exitWithin,
  listenOnLoopback,
  startCli,
  tempDir,
  waitForStart,
  type LoopbackServer,
} from '../support/index.ts'

// Issue 16: record what the proxy forwards into a HAR file, stop the real host, and replay it.

const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255, 254])

function startCms(): Promise<LoopbackServer> {
  let visits = 0
  return listenOnLoopback(async (request, response) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString()
    const path = (request.url ?? '').split('?')[0]
    if (path === '/RestApi/pages/home') {
      visits += 1
      response.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'sid=s3cret' })
      response.end(JSON.stringify({ Title: 'Home', Visit: visits, ApiKey: 'k-123' }))
    } else if (path === '/RestApi/search') {
      const { q } = JSON.parse(body) as { q: string }
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ Results: [`found ${q}`] }))
    } else if (path === '/logo.png') {
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(image)
    } else {
      response.writeHead(404).end('nope')
    }
  })
}

const json = { 'Content-Type': 'application/json' }

/** The requests a front end makes, and what it reads of each answer. */
async function session(origin: string): Promise<string[]> {
  const home = () =>
    fetch(`${origin}/RestApi/pages/home?lang=en&v=2`, { headers: { Authorization: 'Bearer t0k' } })
  const search = (body: string) =>
    fetch(`${origin}/RestApi/search`, { method: 'POST', headers: json, body })
  const seen: string[] = []
  for (const response of [
    await home(),
    await home(),
    await search('{"q":"a","password":"hunter2"}'),
    await search('{"q":"b"}'),
  ]) {
    seen.push(`${response.status} ${await response.text()}`)
  }
  const logo = await fetch(`${origin}/logo.png`)
  seen.push(`${logo.status} ${Buffer.from(await logo.arrayBuffer()).toString('hex')}`)
  return seen
}

describe('--record, then --replay', () => {
  it('records each proxied exchange, secrets redacted, and replays them with the real host gone', async () => {
    const cms = await startCms()
    const file = join(tempDir(), 'session.har')
    const recording = startCli(['--port', '0', '--no-log', '--proxy', cms.url, '--record', file])
    const recordingOrigin = await waitForStart(recording)
    const live = await session(recordingOrigin)
    recording.child.kill('SIGINT')
    expect(await exitWithin(recording, 10_000)).toBe(0)
    await cms.close()

    const har = JSON.parse(readFileSync(file, 'utf8')) as Har
    expect(har.log.version).toBe('1.2')
    expect(har.log.entries).toHaveLength(5)
    const [first, , searchA, , logo] = har.log.entries
    expect(first?.request.headers).toContainEqual({ name: 'Authorization', value: '<redacted>' })
    // Answer headers are recorded as undici reads them: lower-case names.
    expect(first?.response.headers).toContainEqual({ name: 'set-cookie', value: 'sid=<redacted>' })
    expect(JSON.parse(first?.response.content.text ?? '{}')).toMatchObject({ ApiKey: '<redacted>' })
    expect(JSON.parse(searchA?.request.postData?.text ?? '{}')).toEqual({
      q: 'a',
      password: '<redacted>',
    })
    expect(logo?.response.content).toMatchObject({
      encoding: 'base64',
      text: image.toString('base64'),
    })
    expect(first?.timings.wait).toBeGreaterThanOrEqual(0)

    const replaying = startCli(['--port', '0', '--no-log', '--replay', file])
    const origin = await waitForStart(replaying)
    const replayed = await session(origin)
    // Redacted values come back redacted; everything else as it was.
    expect(replayed).toEqual(live.map((line) => line.replace('"k-123"', '"<redacted>"')))
    // Recorded order, then the last one again; a body matched as data.
    const third = await fetch(`${origin}/RestApi/pages/home?v=2&lang=en`)
    expect(((await third.json()) as { Visit: number }).Visit).toBe(2)
    const spaced = await fetch(`${origin}/RestApi/search`, {
      method: 'POST',
      headers: json,
      body: '{ "q" : "b" }',
    })
    expect(await spaced.text()).toBe('{"Results":["found b"]}')
    expect((await fetch(`${origin}/RestApi/pages/other`)).status).toBe(404)
    const journal = (await (await fetch(`${origin}/__mock/journal`)).json()) as {
      entries: { source: string; status: number }[]
    }
    expect(journal.entries.at(-2)).toMatchObject({ source: 'replay', status: 200 })
    const settings = (await (await fetch(`${origin}/__mock/settings`)).json()) as {
      replay: string[]
      upstream: string | null
    }
    expect(settings).toMatchObject({ replay: [file], upstream: null })
  })

  it.each([
    ['a file that is not JSON', '{"log":', /not JSON/],
    [
      'an entry without a URL',
      JSON.stringify({
        log: { entries: [{ request: { method: 'GET' }, response: { status: 200 } }] },
      }),
      /entry 0: request\.url/,
    ],
    [
      'an entry without a status',
      JSON.stringify({
        log: { entries: [{}, { request: { method: 'GET', url: 'http://h/x' }, response: {} }] },
      }),
      /entry 0: request\.method/,
    ],
  ])('stops the start for %s, naming the entry', async (_name, text, message) => {
    const file = join(tempDir(), 'broken.har')
    writeFileSync(file, text)
    const run = startCli(['--port', '0', '--replay', file])
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toMatch(message)
    expect(run.stderr()).toContain('broken.har')
  })
})
