import type { HarEntry } from '../../src/mock/index.ts'
import { harEntry } from './replay-har.ts'

// Recordings that cannot be replayed, each with the message that refuses it (issue 26, point
// 7): every field a replay reads later is checked at the start, so none answers 500 later.

type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> }

function broken(change: (entry: Mutable<HarEntry>) => void): unknown {
  const entry = structuredClone(harEntry({ url: 'http://cms.example/x' })) as Mutable<HarEntry>
  change(entry)
  return entry
}

/** [what is wrong, the entry, the message after `entry N: `]. */
export const entryProblems: readonly [string, unknown, RegExp][] = [
  [
    'answer text that is not valid base64',
    broken((e) => Object.assign(e.response.content, { encoding: 'base64', text: '%%not base64' })),
    /^response\.content\.text is not valid base64/,
  ],
  [
    'a request body that is not valid base64',
    broken((e) => {
      e.request.postData = { mimeType: 'image/png', text: 'iVBOR*', encoding: 'base64' }
    }),
    /^request\.postData\.text is not valid base64/,
  ],
  [
    'a header name that is not an HTTP token',
    broken((e) => e.response.headers.push({ name: 'x-bad\r\nInjected', value: '1' })),
    /^response\.headers\[1\]\.name "x-bad\\r\\nInjected" is not an HTTP token$/,
  ],
  [
    'a header value holding CR LF',
    broken((e) => e.response.headers.push({ name: 'x-note', value: 'a\r\nSet-Cookie: x=1' })),
    /^response\.headers\[1\]\.value \(of "x-note"\) holds CR, LF, NUL/,
  ],
  [
    'a Set-Cookie value holding NUL',
    broken((e) => e.response.headers.push({ name: 'set-cookie', value: 'a=1\0' })),
    /^response\.headers\[1\]\.value \(of "set-cookie"\) holds CR, LF, NUL/,
  ],
  [
    'a header value that is not a string',
    broken((e) => e.response.headers.push({ name: 'x-n', value: 3 as unknown as string })),
    /^response\.headers\[1\]\.value is missing$/,
  ],
  [
    'headers that are not a list',
    broken((e) => Object.assign(e.response, { headers: { 'x-a': '1' } })),
    /^response\.headers is not a list$/,
  ],
  ['a status of 42', broken((e) => (e.response.status = 42)), /^response\.status 42 is not 0/],
  ['a status of 600', broken((e) => (e.response.status = 600)), /^response\.status 600 is not 0/],
  [
    'a status text holding LF',
    broken((e) => (e.response.statusText = 'OK\nX: y')),
    /^response\.statusText is not a string a status line can hold$/,
  ],
  [
    'a method that is not a token',
    broken((e) => (e.request.method = 'GE T')),
    /^request\.method "GE T" is not an HTTP method name$/,
  ],
  [
    'answer text that is not a string',
    broken((e) => Object.assign(e.response.content, { text: 12 })),
    /^response\.content\.text is not a string$/,
  ],
  [
    'a request body mimeType that is not a string',
    broken((e) => {
      e.request.postData = { mimeType: 5 as unknown as string, text: 'a=1' }
    }),
    /^request\.postData\.mimeType is not a string$/,
  ],
]
