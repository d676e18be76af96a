import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Har } from '../../src/mock/index.ts'
import { harEntryOf, type ProxiedExchange } from '../../src/node/proxy/har-entry.ts'
import { createHarRecorder } from '../../src/node/proxy/har-recorder.ts'
import { tempDir } from '../support/index.ts'

// Issue 26, point 4: `--record` appends to an existing HAR, refuses a file that is not HAR, keeps
// each body up to a cap (its size and a comment past it), never inflates a bomb whole, and
// appends each entry in place, the file valid HAR after each write.

const mib = 1024 * 1024

function exchange(path: string, parts: Partial<ProxiedExchange> = {}): ProxiedExchange {
  const body = Buffer.from(`{"Path":"${path}"}`)
  return {
    startedAt: Date.UTC(2026, 10, 26),
    waitMs: 1,
    totalMs: 2,
    method: 'GET',
    url: `http://cms.example.com${path}`,
    requestHeaders: ['Accept', 'application/json'],
    requestBody: null,
    requestSize: 0,
    status: 200,
    statusText: 'OK',
    responseHeaders: ['content-type', 'application/json'],
    responseBody: body,
    responseSize: body.length,
    ...parts,
  }
}

function recorder(path: string, maxBytes = mib) {
  const warnings: string[] = []
  const recording = createHarRecorder({
    path,
    keepSecrets: false,
    maxBytes,
    warn: (line) => warnings.push(line),
  })
  return { recording, warnings }
}

function readHar(path: string): Har {
  return JSON.parse(readFileSync(path, 'utf8')) as Har
}

function paths(har: Har): string[] {
  return har.log.entries.map((entry) => new URL(entry.request.url).pathname)
}

describe('--record appends', () => {
  it('keeps the entries of an earlier run and adds the new ones after them', async () => {
    const file = join(tempDir(), 'session.har')
    const first = recorder(file).recording
    first.add(exchange('/a'))
    first.add(exchange('/b'))
    await first.flush()
    const second = recorder(file).recording
    second.add(exchange('/c'))
    await second.flush()
    expect(paths(readHar(file))).toEqual(['/a', '/b', '/c'])
  })

  it('leaves the file valid HAR after each append', async () => {
    const file = join(tempDir(), 'session.har')
    const { recording } = recorder(file)
    expect(readHar(file).log.entries).toEqual([])
    for (const path of ['/1', '/2', '/3']) {
      recording.add(exchange(path))
      await recording.flush()
      expect(paths(readHar(file)).at(-1)).toBe(path)
    }
    expect(paths(readHar(file))).toEqual(['/1', '/2', '/3'])
  })

  it('appends to a DevTools export, its layout and the members after its entries kept', async () => {
    const file = join(tempDir(), 'devtools.har')
    const devtools = {
      log: {
        version: '1.2',
        creator: { name: 'WebInspector', version: '537.36' },
        entries: [{ ...harEntryOf(exchange('/old'), { maxBytes: mib, keepSecrets: false }) }],
        pages: [{ id: 'page_1', title: 'ÿ "entries" ]}' }],
      },
      comment: 'exported',
    }
    const text = JSON.stringify(devtools, null, 2)
    writeFileSync(file, text)
    const { recording } = recorder(file)
    recording.add(exchange('/new'))
    await recording.flush()
    const after = readFileSync(file, 'utf8')
    const cut = text.lastIndexOf('}', text.indexOf('"pages"'))
    expect(after.startsWith(text.slice(0, cut))).toBe(true)
    const har = JSON.parse(after) as typeof devtools
    expect(paths(har as unknown as Har)).toEqual(['/old', '/new'])
    expect(har.log.pages).toEqual(devtools.log.pages)
    expect(har.comment).toBe('exported')
  })

  it.each([
    ['an empty file', ''],
    ['a file of white space', ' \n'],
  ])('starts a new HAR in %s', async (_name, text) => {
    const file = join(tempDir(), 'new.har')
    writeFileSync(file, text)
    const { recording } = recorder(file)
    recording.add(exchange('/a'))
    await recording.flush()
    expect(readHar(file).log).toMatchObject({ version: '1.2', creator: { name: 'restapi-mock' } })
    expect(paths(readHar(file))).toEqual(['/a'])
  })

  it.each([
    ['text that is not JSON', 'not json\n', /is not a HAR file \(not JSON: .*\)$/],
    ['JSON without log.entries', '{"log":{"entries":{}}}', /has no log\.entries list/],
    ['a JSON list', '[1,2]', /has no log\.entries list/],
  ])('refuses %s, leaving it byte for byte', (_name, text, message) => {
    const file = join(tempDir(), 'notes.har')
    writeFileSync(file, text)
    expect(() => recorder(file)).toThrow(message)
    expect(readFileSync(file, 'utf8')).toBe(text)
  })

  it('refuses a directory', () => {
    expect(() => recorder(tempDir())).toThrow(/is not a regular file/)
  })
})

describe('--record-max-body', () => {
  const options = { maxBytes: mib, keepSecrets: false }

  it('keeps an answer past the cap as its size and a comment', () => {
    const entry = harEntryOf(
      exchange('/huge', { responseBody: Buffer.alloc(0), responseSize: 300 * mib }),
      options,
    )
    expect(entry.response.content).toEqual({
      size: 300 * mib,
      mimeType: 'application/json',
      comment: `body not kept: ${300 * mib} bytes, over --record-max-body (${mib} bytes)`,
    })
    expect(entry.response.bodySize).toBe(300 * mib)
  })

  it('keeps a request body past the cap as its size and a comment', () => {
    const entry = harEntryOf(
      exchange('/upload', {
        method: 'POST',
        requestHeaders: ['Content-Type', 'application/octet-stream'],
        requestBody: null,
        requestSize: 5 * mib,
      }),
      options,
    )
    expect(entry.request.postData).toEqual({
      mimeType: 'application/octet-stream',
      comment: `body not kept: ${5 * mib} bytes, over --record-max-body (${mib} bytes)`,
    })
    expect(entry.request.bodySize).toBe(5 * mib)
  })

  it('stops decoding a gzip bomb at the cap: 1 MB of gzip that inflates to 950 MiB', () => {
    // Gzip members one after another decode as one body: 950 copies of 1 MiB of zeros.
    const member = gzipSync(Buffer.alloc(mib))
    const bomb = Buffer.concat(Array.from({ length: 950 }, () => member))
    expect(bomb.length).toBeLessThan(mib)
    const before = process.memoryUsage().arrayBuffers
    const entry = harEntryOf(
      exchange('/bomb', {
        responseHeaders: ['content-type', 'application/octet-stream', 'content-encoding', 'gzip'],
        responseBody: bomb,
        responseSize: bomb.length,
      }),
      options,
    )
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * mib)
    expect(entry.response.content).toEqual({
      size: bomb.length,
      mimeType: 'application/octet-stream',
      comment: `body not kept: its ${bomb.length} bytes decode to more than --record-max-body (${mib} bytes)`,
    })
  })

  it('keeps a compressed answer within the cap decoded', () => {
    const text = '{"Title":"Home"}'
    const entry = harEntryOf(
      exchange('/gz', {
        responseHeaders: ['content-type', 'application/json', 'content-encoding', 'gzip'],
        responseBody: gzipSync(text),
      }),
      options,
    )
    expect(entry.response.content).toMatchObject({ size: text.length, text })
  })
})

describe('--record redaction', () => {
  const secrets = ['SECRET-AT', 'SECRET-XT', 'SECRET-PW', 'SECRET-SID', 'SECRET-BT', 'SECRET-RT']
  const upload = Buffer.from(
    '--B\r\nContent-Disposition: form-data; name="UserName"\r\n\r\nbob\r\n--B\r\nContent-Disposition: form-data; name="Password"\r\n\r\nSECRET-PW\r\n--B--\r\n',
  )
  const login = exchange('/RestApi/auth?access_token=SECRET-AT', {
    method: 'POST',
    requestHeaders: [
      'Content-Type',
      'multipart/form-data; boundary=B',
      'X-Auth-Token',
      'SECRET-XT',
    ],
    requestBody: upload,
    requestSize: upload.length,
    responseHeaders: [
      'content-type',
      'application/json',
      'set-cookie',
      'ss-id=SECRET-SID; path=/; httponly',
    ],
    responseBody: Buffer.from(
      '{"SessionId":"SECRET-SID","BearerToken":"SECRET-BT","RefreshToken":"SECRET-RT"}',
    ),
  })

  it('redacts the URL, headers, a multipart part and the /auth answer', () => {
    const entry = harEntryOf(login, { maxBytes: mib, keepSecrets: false })
    const text = JSON.stringify(entry)
    for (const secret of secrets) expect(text).not.toContain(secret)
    expect(entry.request.url).toBe(
      'http://cms.example.com/RestApi/auth?access_token=%3Credacted%3E',
    )
    expect(entry.request.queryString).toEqual([{ name: 'access_token', value: '<redacted>' }])
    expect(entry.request.postData?.text).toContain('name="Password"\r\n\r\n<redacted>\r\n')
    expect(entry.request.postData?.text).toContain('name="UserName"\r\n\r\nbob\r\n')
    expect(entry.response.headers).toContainEqual({
      name: 'set-cookie',
      value: 'ss-id=<redacted>; path=/; httponly',
    })
  })

  it('keeps them all with --record-secrets', () => {
    const entry = harEntryOf(login, { maxBytes: mib, keepSecrets: true })
    const text = JSON.stringify(entry)
    for (const secret of secrets) expect(text).toContain(secret)
    expect(text).not.toContain('<redacted>')
  })
})
