import type { Har, HarEntry } from '../../src/mock/index.ts'

// Hand-made HAR entries for the replay tests: what `--record` writes, the parts a test changes.

export interface EntrySpec {
  readonly method?: string
  readonly url: string
  readonly body?: { readonly mimeType: string; readonly text: string; readonly encoding?: string }
  readonly status?: number
  readonly headers?: readonly { readonly name: string; readonly value: string }[]
  readonly text?: string
  readonly encoding?: string
}

export function harEntry(spec: EntrySpec): HarEntry {
  return {
    startedDateTime: '2026-03-01T12:00:00.000Z',
    time: 1,
    request: {
      method: spec.method ?? 'GET',
      url: spec.url,
      httpVersion: 'HTTP/1.1',
      headers: [],
      queryString: [],
      cookies: [],
      ...(spec.body ? { postData: spec.body } : {}),
      headersSize: -1,
      bodySize: spec.body?.text.length ?? 0,
    },
    response: {
      status: spec.status ?? 200,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: spec.headers ?? [{ name: 'content-type', value: 'application/json' }],
      cookies: [],
      content: {
        size: spec.text?.length ?? 0,
        mimeType: 'application/json',
        text: spec.text ?? '{}',
        ...(spec.encoding === undefined ? {} : { encoding: spec.encoding }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  }
}

export function harOf(...entries: HarEntry[]): Har {
  return { log: { version: '1.2', creator: { name: 'restapi-mock', version: '0' }, entries } }
}
