import type { Answer } from './answer.ts'
import type { RequestContext } from './request-context.ts'
import type { RequestHost } from './request-host.ts'

/** One request under the base path and what the mock made of it: the journal's and the log's. */
export interface Exchange {
  readonly request: Request
  readonly host: RequestHost
  /** Null when no route matched: the host answers its plain `404`. */
  readonly ctx: RequestContext | null
  /** The answer as written; null for a network error (a simulated fault, a client gone). */
  readonly answer: Answer | null
  /** When it arrived, in epoch ms. */
  readonly startedAt: number
  readonly durationMs: number
  /** The latency the mock added, in ms. */
  readonly delayMs: number
  /** The fault applied: `code=503 (Prefer)`, `network (rule 2)`, `aborted`, or null. */
  readonly fault: string | null
}
