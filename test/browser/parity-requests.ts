import { createStore } from '../../src/index.ts'

// The parity matrix's vocabulary: the types every runtime shares, the seed and the clock, the
// values seed 1 makes, and helpers that write requests as plain data.

/** The seed every runtime of the parity test starts from. */
export const paritySeed = 1
/** The server's pinned time, as text so the page can build the same clock. */
export const parityNow = '2026-03-01T12:00:00Z'

/** The status and format an answer must have, e.g. `'400 xml'`: the matrix means what it says. */
export type Expected = `${number} ${'json' | 'xml' | 'jsv' | 'csv' | 'html' | 'text' | 'jsonp'}`

/** One request: what `fetch` and `new Request` both take, plus its name and expected answer. */
export interface ParityRequest {
  readonly name: string
  readonly expected: Expected
  readonly method: string
  /** Path and query, relative to the mock's origin: `/RestApi/...`. */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  /** The body text; absent for GET. */
  readonly body?: string
}

/** What the parity test compares, per request. */
export interface ParityAnswer {
  readonly status: number
  readonly contentType: string | null
  readonly contentDisposition: string | null
  /** Empty in process and in the service worker unless the mock set one; Node fills it in. */
  readonly statusText: string
  /** The body decoded as UTF-8, for reading a diff. */
  readonly body: string
  /** The body bytes, base64: what must be identical. */
  readonly bytes: string
}

// What seed 1 makes, read from a fresh store here in Node; the page makes the same store from
// the same seed, and the matrix carries the values as data.
const seeded = createStore({ seed: paritySeed })
const commentKeys = Array.from(seeded.state.comments.values(), (comment) => comment.Key ?? '')
export const abTestId = Array.from(seeded.state.abTests.values())[0]?.Id ?? ''
export const seededRoute = Array.from(seeded.state.services.values())[0]?.Route ?? ''
const pageIds = Array.from(seeded.state.pages.keys())
if (commentKeys.length < 6 || !abTestId || !seededRoute || pageIds.length < 5)
  throw new Error('Failed to build the parity matrix: seed 1 has too few entities')
/** The seeded comment key at a position. */
export const key = (index: number): string => commentKeys[index] ?? ''
/** The seeded page id at a position: a `PageId` containersInfo finds (issue 30, N6). */
export const page = (index: number): string => pageIds[index] ?? ''

export const json = 'application/json'
export const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
export const comments = '/RestApi/comments-api/comments'
export const abTesting = '/RestApi/ab-testing'
export const createService = '/RestApi/apiservice/createService'
export const containersInfo = (product: string): string =>
  `/RestApi/${product}/inlineediting/containersInfo`
/** The DataContract namespaces of an XML body. */
export const dc = (namespace: string): string =>
  `xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.datacontract.org/2004/07/${namespace}"`

/** A request with a JSON body (a string is sent as it is) and an Accept, JSON unless told. */
export function jsonRequest(
  expected: Expected,
  name: string,
  method: string,
  path: string,
  body: unknown,
  accept = json,
  extra: Record<string, string> = {},
): ParityRequest {
  return {
    name,
    expected,
    method,
    path,
    headers: { Accept: accept, 'Content-Type': json, ...extra },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}

/** A container-info message with one container. */
export function container(
  pageId: string,
  itemId: string,
  itemType: string,
  fields: string[],
): object {
  return {
    PageId: pageId,
    ContainersInfo: [
      { ItemId: itemId, ItemType: itemType, Fields: fields.map((Name) => ({ Name })) },
    ],
  }
}
