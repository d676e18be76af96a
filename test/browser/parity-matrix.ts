import { errorRequests, readBackRequests } from './parity-errors.ts'
import type { ParityRequest } from './parity-requests.ts'
import { successRequests } from './parity-successes.ts'

// The request matrix of the parity test, as plain data: every runtime (msw's getResponse, the
// Hono app, the HTTP server, the service worker in Chromium) sends these requests in this order
// to a fresh mock made from the same seed and the same pinned clock. State changes carry
// through, so the order is part of the test. Each request is plain data (method, path with
// query, headers, body text) with the status and format it must get; the seeded keys in it come
// from a fresh `createStore({ seed: 1 })` here in Node.

export {
  parityNow,
  paritySeed,
  type Expected,
  type ParityAnswer,
  type ParityRequest,
} from './parity-requests.ts'

/** The matrix, in the order every runtime sends it. */
export const parityMatrix: readonly ParityRequest[] = [
  ...successRequests,
  ...errorRequests,
  ...readBackRequests,
]
