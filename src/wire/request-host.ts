import type { Exchange } from './exchange.ts'

/**
 * What the runtime serving a request hands the dispatch with it: how to read a header, which
 * headers every answer must carry, and whom to tell what was answered. The msw handlers and
 * `app.request()` use `fetchHost`; the Node server reads Node's raw header list instead.
 */
export interface RequestHost {
  /** A request header as `Headers.get` gives it (repeats joined with `, `); `name` lower-case. */
  header(name: string): string | null
  /** The request's headers, names and values in turn: what the journal keeps. */
  headerList(): readonly string[]
  /** Added to every answer (the Node server's CORS headers); `Vary` is appended to. */
  readonly answerHeaders: Readonly<Record<string, string>> | undefined
  /** Told of each request the mock answered under its base path (the Node server's log). */
  answered?(exchange: Exchange): void
}

/** The host of a plain fetch `Request`: headers read through `request.headers`. */
export function fetchHost(
  request: Request,
  answerHeaders?: Readonly<Record<string, string>>,
): RequestHost {
  return {
    header: (name) => request.headers.get(name),
    headerList: () => [...request.headers].flat(),
    answerHeaders,
  }
}
