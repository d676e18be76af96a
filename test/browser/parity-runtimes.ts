import { getResponse } from 'msw'
import { createApp, createMock, createServer, createStore } from '../../src/index.ts'
import { createHandlers } from '../../handlers/index.ts'
import { parityNow, paritySeed, type ParityAnswer, type ParityRequest } from './parity-matrix.ts'

// The three Node runtimes of the parity test, each on a fresh mock from the same seed and the
// same pinned clock, each sending the whole matrix in order.

const pinned = new Date(parityNow)
const clock = (): Date => pinned

/** A runtime's name and its answers to the matrix, in order. */
export interface RuntimeRun {
  readonly runtime: string
  readonly answers: readonly ParityAnswer[]
}

function init(request: ParityRequest): RequestInit {
  return {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  }
}

/** The parts of a response the parity test compares. */
export async function readAnswer(response: Response): Promise<ParityAnswer> {
  const bytes = new Uint8Array(await response.arrayBuffer())
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    contentDisposition: response.headers.get('content-disposition'),
    statusText: response.statusText,
    body: new TextDecoder().decode(bytes),
    bytes: Buffer.from(bytes).toString('base64'),
  }
}

async function sendAll(
  matrix: readonly ParityRequest[],
  send: (request: ParityRequest) => Promise<Response | undefined>,
): Promise<ParityAnswer[]> {
  const answers: ParityAnswer[] = []
  for (const request of matrix) {
    const response = await send(request)
    if (!response) throw new Error(`Failed to answer ${request.method} ${request.path}: no handler`)
    answers.push(await readAnswer(response))
  }
  return answers
}

/** (a) The msw handlers, through msw's `getResponse`. */
export async function runThroughHandlers(matrix: readonly ParityRequest[]): Promise<RuntimeRun> {
  const handlers = createHandlers(createMock({ store: createStore({ seed: paritySeed }), clock }))
  const answers = await sendAll(matrix, (request) =>
    getResponse(handlers, new Request(`http://localhost${request.path}`, init(request))),
  )
  return { runtime: 'msw getResponse', answers }
}

/** (b) The Hono app, through `app.request()`. */
export async function runThroughApp(matrix: readonly ParityRequest[]): Promise<RuntimeRun> {
  const app = createApp({ store: createStore({ seed: paritySeed }), clock })
  const answers = await sendAll(matrix, async (request) => app.request(request.path, init(request)))
  return { runtime: 'Hono app.request', answers }
}

/** (c) The real HTTP server on a free port, through Node's `fetch`. */
export async function runThroughServer(matrix: readonly ParityRequest[]): Promise<RuntimeRun> {
  const server = await createServer({
    port: 0,
    log: false,
    store: createStore({ seed: paritySeed }),
    clock,
  })
  try {
    const answers = await sendAll(matrix, (request) =>
      fetch(server.url + request.path, init(request)),
    )
    return { runtime: 'HTTP server', answers }
  } finally {
    await server.close()
  }
}
