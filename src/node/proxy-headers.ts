import type { RequestHost } from '../wire/index.ts'

/** Headers of one connection, not of the message: never forwarded (RFC 9110, section 7.6.1). */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

/** The hop-by-hop names of a message: the fixed ones and those its `Connection` lists. */
function dropped(pairs: readonly string[]): Set<string> {
  const names = new Set(hopByHop)
  for (let i = 0; i < pairs.length; i += 2) {
    if ((pairs[i] as string).toLowerCase() !== 'connection') continue
    for (const token of (pairs[i + 1] as string).split(',')) names.add(token.trim().toLowerCase())
  }
  return names
}

/**
 * The request's headers for the upstream, names as sent: hop-by-hop ones dropped, `Host`
 * rewritten to the upstream's, and `X-Forwarded-For`, `-Host` and `-Proto` added.
 */
export function upstreamHeaders(
  host: RequestHost,
  upstreamHost: string,
  target: URL,
  client: string,
): string[] {
  const pairs = host.headerList()
  const skip = dropped(pairs)
  // Names and values in turn, as Node takes raw headers: names keep the case they were sent in.
  const headers: string[] = ['Host', upstreamHost]
  let forwardedFor: string | null = null
  for (let i = 0; i < pairs.length; i += 2) {
    const name = pairs[i] as string
    const lower = name.toLowerCase()
    if (skip.has(lower) || lower === 'host' || lower.startsWith('x-forwarded-')) {
      if (lower === 'x-forwarded-for') forwardedFor = pairs[i + 1] as string
      continue
    }
    headers.push(name, pairs[i + 1] as string)
  }
  headers.push(
    'X-Forwarded-For',
    forwardedFor ? `${forwardedFor}, ${client}` : client,
    'X-Forwarded-Host',
    host.header('host') ?? target.host,
    'X-Forwarded-Proto',
    target.protocol.slice(0, -1),
  )
  return headers
}

/**
 * The upstream's answer headers for the client: hop-by-hop ones dropped, and each `Set-Cookie`
 * made to work on `http://127.0.0.1`: without `Domain` (it then belongs to the mock's host) and
 * without `Secure` (the mock speaks plain HTTP), `SameSite=None` becoming `Lax`, which browsers
 * refuse without `Secure`.
 */
export function forwardedHeaders(rawHeaders: readonly string[]): Headers {
  const skip = dropped(rawHeaders)
  const headers = new Headers()
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string
    const lower = name.toLowerCase()
    if (skip.has(lower)) continue
    const value = rawHeaders[i + 1] as string
    headers.append(name, lower === 'set-cookie' ? localCookie(value) : value)
  }
  return headers
}

function localCookie(cookie: string): string {
  const [pair = '', ...attributes] = cookie.split(';')
  const kept = attributes
    .map((attribute) => attribute.trim())
    .filter((attribute) => !/^(domain\s*=|secure$)/i.test(attribute))
    .map((attribute) => (/^samesite\s*=\s*none$/i.test(attribute) ? 'SameSite=Lax' : attribute))
  return [pair.trim(), ...kept].join('; ')
}
