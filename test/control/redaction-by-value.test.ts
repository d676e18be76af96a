import { readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  redactBody,
  redactHeader,
  redactUrl,
  secretNamesWith,
  newRedaction,
} from '../../src/control/redact/index.ts'
import { createApp } from '../../src/index.ts'
import { createHarRecorder } from '../../src/node/proxy/har-recorder.ts'
import { harEntryOf, type ProxiedExchange } from '../../src/node/proxy/har-entry.ts'
import { startEchoUpstream, type EchoUpstream } from '../support/echo-upstream.ts'
import { tempDir } from '../support/index.ts'

// Issue 40, "echoed secrets" and L4: a value the recorder and the journal redacted in the
// request (`?api_key=…`, `Authorization`) was kept verbatim where the upstream's answer echoed
// it (a login answer returning its token, an error page printing the URL), and common secret
// names were not redacted at all. Now every value hidden by its name is hidden wherever else
// it appears in the exchange, and the names below are secret too.

/** Every secret the request carries, each under a name the rule must catch. */
const secrets = {
  apiKey: 'SECRET-API-KEY-1',
  sig: 'SECRET-SIG-2',
  code: 'SECRET-OAUTH-CODE-3',
  jwt: 'eyJhbGciOi.SECRET-JWT.4',
  bearer: 'SECRET-BEARER-5',
  subscription: 'SECRET-SUBSCRIPTION-6',
  cookie: 'SECRET-COOKIE-7',
  credential: 'SECRET-CREDENTIAL-8',
  privateKey: 'SECRET-PRIVATE-KEY-9',
  privateKeySnake: 'SECRET-PRIVATE-KEY-10',
  otp: '739164',
  pin: '5820',
  urlToken: 'SECRET-URL-TOKEN-11',
}

const requestPath =
  `/RestApi/login?api_key=${secrets.apiKey}&sig=${secrets.sig}` +
  `&code=${secrets.code}&jwt=${secrets.jwt}&page=2`

const requestBody = JSON.stringify({
  UserName: 'ann',
  credentials: { user: 'ann', secret2: secrets.credential },
  privateKey: secrets.privateKey,
  private_key: secrets.privateKeySnake,
  otp: secrets.otp,
  pin: secrets.pin,
  callback: { url: `https://app.example/done?access_token=${secrets.urlToken}&x=1` },
})

const requestHeaders = {
  'Content-Type': 'application/json',
  Authorization: `Bearer ${secrets.bearer}`,
  'Ocp-Apim-Subscription-Key': secrets.subscription,
  Cookie: `sid=${secrets.cookie}`,
}

/** An upstream that echoes everything it got, in its headers, its body and a redirect. */
function echoEverything(
  request: { url: string; headers: Record<string, unknown>; body: Buffer },
  response: ServerResponse,
) {
  const everything = `${request.url} ${JSON.stringify(request.headers)} ${request.body}`
  if (request.url.startsWith('/RestApi/error')) {
    response.writeHead(500, { 'Content-Type': 'text/html' })
    response.end(`<html><body><h1>Error</h1><p>${everything}</p></body></html>`)
    return true
  }
  response.writeHead(200, {
    'Content-Type': 'application/json',
    Location: `https://cms.example/next?echo=${encodeURIComponent(secrets.apiKey)}`,
    'X-Echo': `got ${secrets.bearer}`,
  })
  response.end(
    JSON.stringify({
      Echo: everything,
      Issued: `issued for ${secrets.code}`,
      Numbers: [Number(secrets.otp), Number(secrets.pin), 7],
    }),
  )
  return true
}

let upstream: EchoUpstream

beforeAll(async () => {
  upstream = await startEchoUpstream(echoEverything)
})

afterAll(() => upstream.close())

function secretsIn(text: string): string[] {
  return Object.values(secrets).filter((secret) => text.includes(secret))
}

describe('redaction by value: a value hidden by its name is hidden everywhere in the exchange', () => {
  it('leaves no secret in the --record file nor in journal.har, the answer echoing them all', async () => {
    const file = join(tempDir(), 'echo.har')
    const recorder = createHarRecorder({
      path: file,
      keepSecrets: false,
      maxBytes: 1024 * 1024,
      warn: (line) => expect.fail(line),
    })
    const app = createApp({
      proxy: {
        url: upstream.url,
        timeoutMs: 10_000,
        insecure: false,
        record: (exchange) => recorder.add(exchange),
      },
    })
    for (const path of [requestPath, requestPath.replace('/login', '/error')]) {
      const response = await app.request(path, {
        method: 'POST',
        headers: requestHeaders,
        body: requestBody,
      })
      // The page got the answer as the upstream sent it: the secrets are there.
      expect(secretsIn(await response.text()).length).toBeGreaterThan(5)
    }
    await recorder.close()
    const recording = readFileSync(file, 'utf8')
    expect(JSON.parse(recording).log.entries).toHaveLength(2)
    expect(secretsIn(recording)).toEqual([])
    expect(recording).toContain('issued for <redacted>')
    expect(recording).toContain('page=2')
    const journal = await (await app.request('/__mock/journal.har')).text()
    expect(JSON.parse(journal).log.entries.length).toBeGreaterThanOrEqual(2)
    expect(secretsIn(journal)).toEqual([])
    // The echo is there, its secret hidden: the journal keeps the answer's headers.
    expect(journal).toContain('"value":"got <redacted>"')
    const listed = await (await app.request('/__mock/journal')).text()
    expect(secretsIn(listed)).toEqual([])
  })

  it('keeps the JSON of an answer JSON, a number that is a secret turned into "<redacted>"', () => {
    const body = Buffer.from(JSON.stringify({ Status: 'ok', Echo: Number(secrets.otp), N: 7 }))
    const exchange: ProxiedExchange = {
      startedAt: 0,
      waitMs: 1,
      totalMs: 2,
      method: 'POST',
      url: 'http://cms.example/RestApi/verify',
      requestHeaders: ['Content-Type', 'application/json'],
      requestBody: Buffer.from(JSON.stringify({ otp: secrets.otp })),
      requestSize: 20,
      status: 200,
      statusText: 'OK',
      responseHeaders: ['content-type', 'application/json'],
      responseBody: body,
      responseSize: body.length,
    }
    const entry = harEntryOf(exchange, { maxBytes: 1024 * 1024, keepSecrets: false })
    expect(JSON.parse(entry.response.content.text ?? '')).toEqual({
      Status: 'ok',
      Echo: '<redacted>',
      N: 7,
    })
  })

  it('hides a value of 4 characters or more by value, and a shorter one under its name only', () => {
    const body = JSON.stringify({ pin: '12', otp: '4711' })
    const exchange: ProxiedExchange = {
      startedAt: 0,
      waitMs: 1,
      totalMs: 2,
      method: 'POST',
      url: 'http://cms.example/RestApi/pin',
      requestHeaders: ['Content-Type', 'application/json'],
      requestBody: Buffer.from(body),
      requestSize: body.length,
      status: 200,
      statusText: 'OK',
      responseHeaders: ['content-type', 'text/plain'],
      responseBody: Buffer.from('page 12 of 4711'),
      responseSize: 15,
    }
    const entry = harEntryOf(exchange, { maxBytes: 1024 * 1024, keepSecrets: false })
    expect(JSON.parse(entry.request.postData?.text ?? '')).toEqual({
      pin: '<redacted>',
      otp: '<redacted>',
    })
    expect(entry.response.content.text).toBe('page 12 of <redacted>')
  })
})

describe('the secret names of issue 40 (L4), in any case and with - or _', () => {
  const query = (url: string) => redactUrl(url)
  it.each([
    ['sig', '?sig=abc&a=1', '?sig=%3Credacted%3E&a=1'],
    ['Signature', '?Signature=abc', '?Signature=%3Credacted%3E'],
    ['code', '?code=abc&state=s', '?code=%3Credacted%3E&state=s'],
    ['jwt', '?jwt=abc', '?jwt=%3Credacted%3E'],
    ['JWT_token', '?JWT_token=abc', '?JWT_token=%3Credacted%3E'],
  ])('query %s', (_name, search, redacted) => {
    expect(query(`https://cms.example/x${search}`)).toBe(`https://cms.example/x${redacted}`)
  })

  it.each(['Ocp-Apim-Subscription-Key', 'ocp-apim-subscription-key', 'X_Subscription_Key'])(
    'header %s',
    (name) => {
      expect(redactHeader(name, 'abc123')).toBe('<redacted>')
    },
  )

  it.each([
    [
      'credentials',
      { credentials: { user: 'u', pass: 'p' } },
      { user: '<redacted>', pass: '<redacted>' },
    ],
    ['Credential', { Credential: 'c' }, '<redacted>'],
    ['privateKey', { privateKey: 'k' }, '<redacted>'],
    ['private_key', { private_key: 'k' }, '<redacted>'],
    ['Private-Key', { 'Private-Key': 'k' }, '<redacted>'],
    ['otp', { otp: 123456 }, '<redacted>'],
    ['OTP', { OTP: '1' }, '<redacted>'],
    ['pin', { pin: 12 }, '<redacted>'],
    ['Pin', { Pin: '1' }, '<redacted>'],
  ])('JSON %s', (name, body, redacted) => {
    const out = JSON.parse(redactBody(JSON.stringify(body), 'application/json'))
    expect(out[name]).toEqual(redacted)
  })

  it('a token inside a URL string', () => {
    const body = JSON.stringify({ url: 'https://x.example/cb?access_token=tok123&a=1', n: 'x' })
    expect(JSON.parse(redactBody(body, 'application/json'))).toEqual({
      url: 'https://x.example/cb?access_token=%3Credacted%3E&a=1',
      n: 'x',
    })
  })

  it('leaves ordinary names alone: an error code, a shipping pin of words, a signature in a body', () => {
    const body = { ErrorCode: 'NotFound', code: 'E1', shipping: 's', signature: 'Ann', opt: 1 }
    expect(JSON.parse(redactBody(JSON.stringify(body), 'application/json'))).toEqual(body)
  })

  it('--redact NAME adds a word, matched as the built-in ones are', () => {
    const names = secretNamesWith(['tenant-key'])
    for (const name of ['tenant-key', 'X-Tenant-Key', 'tenant_key', 'TenantKey', 'TENANTKEY']) {
      expect(names.isSecret(name), name).toBe(true)
    }
    expect(names.isSecret('tenant')).toBe(false)
    const redaction = newRedaction(names)
    expect(redactHeader('X-Tenant-Key', 'abc', redaction)).toBe('<redacted>')
    expect(redactUrl('https://x/?tenantKey=abc', redaction)).toBe(
      'https://x/?tenantKey=%3Credacted%3E',
    )
  })

  it('--redact reaches the journal: createApp({ redact })', async () => {
    const app = createApp({ redact: ['tenant-key'] })
    await app.request('/RestApi/nothing?tenant_key=TENANT-SECRET', {
      headers: { 'X-Tenant-Key': 'TENANT-SECRET' },
    })
    const journal = await (await app.request('/__mock/journal.har')).text()
    expect(journal).toContain('tenant_key')
    expect(journal).not.toContain('TENANT-SECRET')
  })
})
