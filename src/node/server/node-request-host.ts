import type { Socket } from 'node:net'
import type { HeaderName, RequestHost } from '../../wire/index.ts'
import { formatFaultLine } from './log-line.ts'

/** What the Node server knows of a request besides the Request itself. */
export interface NodeRequestFacts {
  readonly request: Request
  /** Node's `incoming.rawHeaders`, when the request came over a socket. */
  readonly rawHeaders?: readonly string[] | undefined
  readonly clientAddress?: string | undefined
  /** The CORS headers of its origin, for every answer. */
  readonly answerHeaders?: Readonly<Record<string, string>> | undefined
  /** The connection it came on, and the request log, which says why it was cut off (`cutOff`). */
  readonly socket?: Socket | undefined
  readonly log?: ((line: string) => void) | undefined
}

/**
 * A request as the Node server hands it to the dispatch: headers read from Node's raw list
 * (`incoming.rawHeaders`) when there is one, and the CORS headers of its origin. Made whole,
 * never changed: what the dispatch answered comes back as its return value.
 */
export class NodeRequestHost implements RequestHost {
  readonly answerHeaders: Readonly<Record<string, string>> | undefined
  readonly clientAddress: string | undefined
  readonly #request: Request
  readonly #rawHeaders: readonly string[] | undefined
  readonly #facts: NodeRequestFacts

  constructor(facts: NodeRequestFacts) {
    this.#facts = facts
    this.#request = facts.request
    this.#rawHeaders = facts.rawHeaders
    this.clientAddress = facts.clientAddress
    this.answerHeaders = facts.answerHeaders
  }

  // Destroying the socket ends the answer where @hono/node-server would, when the body it
  // writes errors; but it would print the error's stack on stderr for each such answer.
  cutOff(reason: string): boolean {
    const { socket, log } = this.#facts
    if (!socket) return false
    socket.destroy()
    log?.(formatFaultLine(this.#request, `answer cut short: ${reason}`))
    return true
  }

  header(name: HeaderName): string | null {
    return this.#rawHeaders
      ? readRawHeader(this.#rawHeaders, name)
      : this.#request.headers.get(name)
  }

  headerList(): readonly string[] {
    return this.#rawHeaders ?? [...this.#request.headers].flat()
  }
}

/**
 * A request header's value as `Headers.get` gives it (repeats joined with `, `, null when
 * absent), read from Node's raw list of names and values. The request's `Headers` on the Node
 * server checks the name and value against patterns on every `get`, which the raw list spares
 * (docs/performance.md, "Raw headers"); that wrapper reads the same list, so the values are the
 * same. `name` is lower-case.
 */
export function readRawHeader(rawHeaders: readonly string[], name: string): string | null {
  let value: string | null = null
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const raw = rawHeaders[i] as string
    if (raw.length === name.length && (raw === name || raw.toLowerCase() === name)) {
      const next = rawHeaders[i + 1] as string
      value = value === null ? next : `${value}, ${next}`
    }
  }
  return value
}
