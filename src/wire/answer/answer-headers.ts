// The host's headers (the Node server's CORS headers) on an answer the mock wrote, or on a
// Response made elsewhere.

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
