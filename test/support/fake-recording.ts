import type { Har, HarEntry } from '../../src/mock/index.ts'

// A recording to replay in the fuzz and hostile-load runs and in tests: what `--record` writes
// of a CMS session (secrets redacted), and what DevTools exports beside it (a failed request,
// a recorded 5xx, a binary body). Every path is under `/RestApi/recorded/`, so a request the
// recording does not hold is easy to tell from one it does.

/** The paths the recording holds, each with the status it answers. */
export const recordedPaths = {
  page: '/RestApi/recorded/pages/home',
  login: '/RestApi/recorded/auth',
  form: '/RestApi/recorded/form',
  items: '/RestApi/recorded/items',
  unavailable: '/RestApi/recorded/unavailable',
  error: '/RestApi/recorded/error',
  binary: '/RestApi/recorded/binary',
  failed: '/RestApi/recorded/failed',
  moved: '/RestApi/recorded/moved',
} as const

const redacted = '<redacted>'
const modified = '/Date(1795737600000+0000)/'

interface EntryParts {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly requestBody?: { readonly mimeType: string; readonly text: string }
  readonly headers?: readonly { name: string; value: string }[]
  readonly body?: { readonly mimeType: string; readonly text: string; readonly encoding?: string }
}

function entry(parts: EntryParts): HarEntry {
  const url = new URL(parts.path, 'http://cms.example.com')
  const body = parts.body ?? { mimeType: 'application/json', text: '{}' }
  return {
    startedDateTime: '2026-11-26T00:00:00.000Z',
    time: 12,
    request: {
      method: parts.method,
      url: url.href,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Accept', value: 'application/json' }],
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      ...(parts.requestBody ? { postData: parts.requestBody } : {}),
      headersSize: -1,
      bodySize: parts.requestBody?.text.length ?? 0,
    },
    response: {
      status: parts.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: body.mimeType }, ...(parts.headers ?? [])],
      cookies: [],
      content: { size: body.text.length, ...body },
      redirectURL: '',
      headersSize: -1,
      bodySize: body.text.length,
    },
    cache: {},
    timings: { send: 0, wait: 10, receive: 2 },
  }
}

function serviceError(code: string, message: string): { mimeType: string; text: string } {
  return {
    mimeType: 'application/json',
    text: JSON.stringify({ ResponseStatus: { ErrorCode: code, Message: message, Errors: [] } }),
  }
}

/** A recording of `binaryKb` KiB of binary body among the rest (default 256). */
export function fakeRecording(binaryKb = 256): Har {
  const binary = Buffer.alloc(binaryKb * 1024)
  for (let i = 0; i < binary.length; i++) binary[i] = (i * 31) & 0xff
  const json = (value: unknown): { mimeType: string; text: string } => ({
    mimeType: 'application/json',
    text: JSON.stringify(value),
  })
  const entries: HarEntry[] = [
    entry({
      method: 'GET',
      path: recordedPaths.page,
      status: 200,
      body: json({ Id: 'home', Title: 'Home', Modified: modified }),
    }),
    // A login as --record keeps it: the password and the answer's secrets redacted.
    entry({
      method: 'POST',
      path: recordedPaths.login,
      status: 200,
      requestBody: {
        mimeType: 'application/json',
        text: JSON.stringify({ UserName: 'editor', Password: redacted }),
      },
      headers: [
        { name: 'Set-Cookie', value: `ss-id=${redacted}; Path=/; HttpOnly` },
        { name: 'Set-Cookie', value: `__Host-sid=${redacted}; Path=/; Secure; HttpOnly` },
      ],
      body: json({ UserId: '1', SessionId: redacted, BearerToken: redacted, ResponseStatus: {} }),
    }),
    entry({
      method: 'POST',
      path: recordedPaths.form,
      status: 200,
      requestBody: {
        mimeType: 'application/x-www-form-urlencoded',
        text: `UserName=editor&Password=${encodeURIComponent(redacted)}`,
      },
      body: json({ Ok: true }),
    }),
    // Two answers to the same request, served in order, then the last again.
    entry({
      method: 'PUT',
      path: `${recordedPaths.items}?b=2&a=1`,
      status: 200,
      requestBody: { mimeType: 'application/json', text: '{"Name":"one"}' },
      body: json({ Name: 'one', Version: 1 }),
    }),
    entry({
      method: 'PUT',
      path: `${recordedPaths.items}?b=2&a=1`,
      status: 200,
      requestBody: { mimeType: 'application/json', text: '{"Name":"one"}' },
      body: json({ Name: 'one', Version: 2 }),
    }),
    // 5xx the real host gave when it was recorded: replaying them is meant.
    entry({
      method: 'GET',
      path: recordedPaths.unavailable,
      status: 503,
      body: serviceError('ServiceUnavailable', 'Down for maintenance'),
    }),
    entry({
      method: 'GET',
      path: recordedPaths.error,
      status: 500,
      body: serviceError('NullReferenceException', 'Object reference not set'),
    }),
    entry({
      method: 'GET',
      path: recordedPaths.binary,
      status: 200,
      body: {
        mimeType: 'application/octet-stream',
        text: binary.toString('base64'),
        encoding: 'base64',
      },
    }),
    // DevTools records a blocked or cancelled request with status 0: replayed as a network error.
    entry({ method: 'GET', path: recordedPaths.failed, status: 0 }),
    entry({
      method: 'GET',
      path: recordedPaths.moved,
      status: 302,
      headers: [{ name: 'Location', value: 'https://evil.example/elsewhere' }],
      body: { mimeType: 'text/html', text: '' },
    }),
  ]
  return { log: { version: '1.2', creator: { name: 'restapi-mock', version: '0' }, entries } }
}

/** The status each recorded path answers with (for the oracle): 0 is a network error. */
export const recordedStatus: Readonly<Record<string, number>> = {
  [recordedPaths.page]: 200,
  [recordedPaths.login]: 200,
  [recordedPaths.form]: 200,
  [recordedPaths.items]: 200,
  [recordedPaths.unavailable]: 503,
  [recordedPaths.error]: 500,
  [recordedPaths.binary]: 200,
  [recordedPaths.failed]: 0,
  [recordedPaths.moved]: 302,
}
