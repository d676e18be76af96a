import type { Fallback } from '../../wire/index.ts'
import { forward } from './forward.ts'
import type { ProxyOptions, ProxyState } from './proxy-state.ts'

export { defaultProxyTimeoutMs, defaultRecordMaxBytes, type ProxyOptions } from './proxy-state.ts'
export { forwardedPath } from './forward.ts'

/**
 * `--proxy <url>`: what the mock does not implement goes to the real host, through a pool of
 * kept-alive undici connections. undici's dispatch hands the answer over as callbacks, with no
 * stream objects for a small body: half the work per request of node:http's client and web
 * streams (docs/performance.md). Redirects come back as they are, and an untrusted certificate
 * is accepted when told to. An upstream that cannot be reached, or breaks off within the first
 * `heldBytes` of its answer, is a 502 `BadGateway`, and one whose head does not come within the
 * time-out a 504 `GatewayTimeout`; past `heldBytes`, or once the time-out has passed with the
 * head there, the answer streams on, and a break cuts the client's answer off.
 */
export function createProxy(options: ProxyOptions): Fallback {
  const upstream = new URL(options.url)
  const proxy: ProxyState = {
    options,
    upstream,
    prefix: upstream.pathname.replace(/\/+$/, ''),
    name: upstream.origin,
    pool: undefined,
    loading: undefined,
  }
  return {
    source: 'proxy',
    name: options.url,
    ...(options.recording ? { recording: options.recording } : {}),
    answer: (request, host, body) => forward(proxy, request, host, body),
  }
}
