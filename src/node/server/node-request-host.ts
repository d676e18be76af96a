import type { Socket } from 'node:net'
import { RequestRecord } from '../../wire/index.ts'
import { formatFaultLine } from './log-line.ts'

/** What the Node server knows of a request besides the Request itself. */
export interface NodeRequestFacts {
  readonly request: Request
  /** Its headers by lower-case name, when the server read them already (headerMapOf). */
  readonly headers?: ReadonlyMap<string, string> | undefined
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
 * A request as the Node server hands it to the dispatch: its record (wire/request-record.ts),
 * every header read in one pass from Node's raw list (`incoming.rawHeaders`) when there is one,
 * with the CORS headers of its origin and a way to cut its socket off. Made whole, never
 * changed: what the dispatch answered comes back as its return value.
 */
export class NodeRequestHost extends RequestRecord {
  constructor(facts: NodeRequestFacts) {
    const { request, socket, log } = facts
    super(request, {
      headers: facts.headers,
      rawHeaders: facts.rawHeaders,
      clientAddress: facts.clientAddress,
      answerHeaders: facts.answerHeaders,
      // Destroying the socket ends the answer where @hono/node-server would, when the body it
      // writes errors; but it would print the error's stack on stderr for each such answer.
      cutOff: socket
        ? (reason) => {
            socket.destroy()
            log?.(formatFaultLine(request, `answer cut short: ${reason}`))
            return true
          }
        : undefined,
    })
  }
}
