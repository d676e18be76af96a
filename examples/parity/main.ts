// The parity page: the mock served by the service worker alone, and `window.runMatrix` to send
// the parity test's requests from the page, in order, with the page's own fetch.
import { startWorker, type Har, type HarEntry } from 'restapi-mock/browser'
import type { ParityAnswer, ParityRequest } from '../../test/browser/parity-matrix.ts'

declare global {
  interface Window {
    runMatrix?: (matrix: readonly ParityRequest[]) => Promise<ParityAnswer[]>
  }
}

// The same seed and the same pinned clock as the Node runtimes of the parity test.
const pinned = new Date('2026-03-01T12:00:00Z')
// And a recording, replayed for what the mock does not implement (issue 16).
const recording: Har = {
  log: {
    version: '1.2',
    creator: { name: 'parity page', version: '1' },
    entries: [
      recorded('GET', 'https://cms.example.com/recorded/hello?b=2&a=1', '{"Hello":"first"}'),
      recorded('GET', 'https://cms.example.com/recorded/hello?b=2&a=1', '{"Hello":"again"}'),
      recorded(
        'POST',
        'https://cms.example.com/RestApi/recorded/search',
        '{"Found":1}',
        '{"q":"a","n":1}',
      ),
    ],
  },
}
// `?onMiss=error` for the near-miss test (test/browser/near-miss-console.test.ts).
const onMiss = new URLSearchParams(location.search).get('onMiss') === 'error' ? 'error' : 'warn'
await startWorker({ seed: 1, clock: () => pinned, quiet: true, replay: recording, onMiss })

function recorded(method: string, url: string, answer: string, body?: string): HarEntry {
  return {
    startedDateTime: '2026-03-01T12:00:00.000Z',
    time: 1,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [],
      cookies: [],
      ...(body ? { postData: { mimeType: 'application/json', text: body } } : {}),
      headersSize: -1,
      bodySize: body?.length ?? 0,
    },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      cookies: [],
      content: { size: answer.length, mimeType: 'application/json', text: answer },
      redirectURL: '',
      headersSize: -1,
      bodySize: answer.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

async function send(request: ParityRequest): Promise<ParityAnswer> {
  const response = await fetch(request.path, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  })
  const bytes = new Uint8Array(await response.arrayBuffer())
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    contentDisposition: response.headers.get('content-disposition'),
    statusText: response.statusText,
    body: new TextDecoder().decode(bytes),
    bytes: toBase64(bytes),
  }
}

window.runMatrix = async (matrix) => {
  const answers: ParityAnswer[] = []
  // In order: each request sees the state the ones before it left.
  for (const request of matrix) answers.push(await send(request))
  return answers
}

const status = document.querySelector('#status') as HTMLElement
status.textContent = 'The service worker answers /RestApi and /__mock.'
document.body.dataset.ready = 'true'
