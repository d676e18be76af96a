import type { RequestHost } from './request-context.ts'

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
