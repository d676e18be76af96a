import { connect, type Socket } from 'node:net'

// Raw TCP clients for the hostile-client tests: they send exactly the bytes a test writes
// (half a body, a byte at a time, oversize heads) and record what comes back and when the
// server closes. Every socket is tracked so a test can destroy them all, even on failure.

export interface RawClient {
  readonly socket: Socket
  /** Everything the server sent so far, as Latin-1 text. */
  received(): string
  /** Resolves with the ms from connect to close, whoever closed. */
  readonly closed: Promise<number>
}

const open = new Set<Socket>()

/** Opens a TCP connection to 127.0.0.1 and resolves once connected. */
export function connectRaw(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' })
    open.add(socket)
    const chunks: Buffer[] = []
    let connectedAt = 0
    const closed = new Promise<number>((done) => {
      socket.once('close', () => {
        open.delete(socket)
        done(performance.now() - connectedAt)
      })
    })
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.once('error', (error) => {
      if (connectedAt === 0) reject(error)
    })
    socket.once('connect', () => {
      connectedAt = performance.now()
      resolve({ socket, closed, received: () => Buffer.concat(chunks).toString('latin1') })
    })
  })
}

/** Destroys every raw socket still open; for afterEach. */
export function destroyAllRaw(): void {
  for (const socket of open) socket.destroy()
  open.clear()
}

/** How many raw sockets are still open. */
export function openRawCount(): number {
  return open.size
}

/** The promise's value, or 'timeout' after `ms`; the timer never outlives the race. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** The head of a JSON PUT to the comments route, declaring `length` body bytes. */
export function putHead(length: number): string {
  return [
    'PUT /RestApi/comments-api/comments HTTP/1.1',
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    'Accept: application/json',
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n')
}
