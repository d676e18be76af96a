import { request as httpRequest } from 'node:http'

export interface RawAnswer {
  readonly status: number
  readonly statusMessage: string
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: string
}

/** One request through node:http, which exposes the reason phrase of the status line. */
export function rawRequest(
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method, headers: options.headers ?? {} },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            statusMessage: res.statusMessage ?? '',
            headers: res.headers,
            body,
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}
