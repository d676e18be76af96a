/**
 * An answer as the mock writes it: plain data, so the journal keeps its body and headers without
 * reading a Response back, and the Node server writes the header record as it is.
 */
export interface Answer {
  readonly status: number
  /** The reason phrase, where it is not the standard one (`400 ArgumentException`). */
  readonly statusText: string | undefined
  readonly headers: Record<string, string>
  readonly body: string
}

/** The web-standard Response of an answer, with the host's headers added. */
export function toResponse(
  answer: Answer,
  answerHeaders: Readonly<Record<string, string>> | undefined,
): Response {
  const { status, statusText, headers } = answer
  if (answerHeaders) addAnswerHeaders(headers, answerHeaders)
  if (isText(headers)) headers['X-Content-Type-Options'] = 'nosniff'
  return new Response(
    answer.body,
    statusText ? { status, statusText, headers } : { status, headers },
  )
}

/**
 * Whether an answer is text (`text/plain`, `text/html`, `text/csv`…): it says
 * `X-Content-Type-Options: nosniff`, so that no browser takes a 404 page that quotes the
 * request (`?op=<script>`) for markup or a script it may run.
 */
function isText(headers: Record<string, string>): boolean {
  for (const name in headers) {
    if (name.length === 12 && name.toLowerCase() === 'content-type') {
      return /^\s*text\//i.test(headers[name] as string)
    }
  }
  return false
}

/** Adds the host's headers to an answer's record; `Vary` is appended to, never replaced. */
export function addAnswerHeaders(
  target: Record<string, string>,
  extra: Readonly<Record<string, string>>,
): void {
  for (const name in extra) {
    const value = extra[name] as string
    const current = target[name]
    target[name] = name === 'Vary' && current ? `${current}, ${value}` : value
  }
}

/**
 * The same for a Response made elsewhere (a control route's, a user's own handler's): the slow
 * path, off the operations' way. A network error's headers cannot change.
 */
export function withAnswerHeaders(
  response: Response,
  extra: Readonly<Record<string, string>> | undefined,
): Response {
  if (!extra || response.status === 0) return response
  for (const name in extra) {
    const value = extra[name] as string
    if (name === 'Vary') response.headers.append(name, value)
    else response.headers.set(name, value)
  }
  return response
}
