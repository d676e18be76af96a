// Where the operations live and the requests most tests send to them.

/** The origin msw requests are built on; `app.request('/x')` uses the same one. */
export const origin = 'http://localhost'

export const commentsPath = '/RestApi/comments-api/comments'
export const abTestsPath = '/RestApi/ab-testing'

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
