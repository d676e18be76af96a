/**
 * Headers the host adds to every answer (the Node server's CORS headers), as a plain record:
 * answers are built with plain records so that the Node server writes them without an undici
 * `Headers` object (measured: building and then flattening one per answer cost several µs).
 */
export type HostHeaders = Readonly<Record<string, string>>

/** Adds host headers to an answer's record; `Vary` is appended to, never replaced. */
export function addHostHeaders(target: Record<string, string>, extra: HostHeaders): void {
  for (const name in extra) {
    const value = extra[name] as string
    const current = target[name]
    target[name] = name === 'Vary' && current ? `${current}, ${value}` : value
  }
}

/**
 * The same for an answer already made (a control route's, a user's own handler's): the slow
 * path, which only answers off the hot path take. A network error's headers cannot change.
 */
export function withHostHeaders(response: Response, extra: HostHeaders | undefined): Response {
  if (!extra || response.status === 0) return response
  for (const name in extra) {
    const value = extra[name] as string
    if (name === 'Vary') response.headers.append(name, value)
    else response.headers.set(name, value)
  }
  return response
}
