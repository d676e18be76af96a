// Where the operations live and the requests most tests send to them.

/** The origin msw requests are built on; `app.request('/x')` uses the same one. */
export const origin = 'http://localhost'

export const commentsPath = '/RestApi/comments-api/comments'
export const abTestsPath = '/RestApi/ab-testing'

/** A request whose body streams in `parts`, so it carries no Content-Length. */
export function streamedRequest(
  path: string,
  init: { method: string; headers: Record<string, string> },
  parts: readonly string[],
): Request {
  const encoder = new TextEncoder()
  const left = [...parts]
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = left.shift()
      if (part === undefined) controller.close()
      else controller.enqueue(encoder.encode(part))
    },
  })
  return new Request(origin + path, { ...init, body, duplex: 'half' } as RequestInit)
}

/** A JSON comment update: `PUT /RestApi/comments-api/comments`. */
export function commentUpdate(
  key: string,
  message: string,
  headers: Record<string, string> = {},
  init: RequestInit = {},
): RequestInit {
  return {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify({ Key: key, Message: message }),
    ...init,
  }
}

/** A JSON A/B test create (no Id): makes one GUID from the store's sequence. */
export function abTestCreate(title: string, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify({ Title: title }),
  }
}
