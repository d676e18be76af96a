import type { Pool } from 'undici'
import type { Fallback } from '../../wire/index.ts'
import type { ProxiedExchange } from './har-entry.ts'

export interface ProxyOptions {
  /** The real host: `https://cms.example.com`, or with a path prefix. */
  readonly url: string
  /** How long the upstream may take to start answering, and to stay silent after. */
  readonly timeoutMs: number
  /** Accept a self-signed or otherwise untrusted certificate (`--proxy-insecure`). */
  readonly insecure: boolean
  /** Gets every exchange that was answered whole (`--record`); bodies are kept for it. */
  readonly record?: (exchange: ProxiedExchange) => void
  /** The most of an answer's body kept for `record` (`--record-max-body`); past it, its size. */
  readonly recordMaxBytes?: number
  /** The file `record` writes and its entries now, for `/__mock/settings`. */
  readonly recording?: Fallback['recording']
}

/** `--record-max-body` default: 1 MiB of each body. */
export const defaultRecordMaxBytes = 1024 * 1024

/** `--proxy` default time-out: 30 s. */
export const defaultProxyTimeoutMs = 30_000

/** What the proxy holds between requests: where it forwards to, and undici's pool once loaded. */
export interface ProxyState {
  readonly options: ProxyOptions
  readonly upstream: URL
  /** The `--proxy` URL's path, which every forwarded path goes under. */
  readonly prefix: string
  /** The upstream's origin, as the errors name it. */
  readonly name: string
  pool: Pool | undefined
  loading: Promise<Pool> | undefined
}

/**
 * undici loads with the first forwarded request: a mock without --proxy never pays for it.
 * Once it has, the pool is taken as it is, with no promise to wait for on each request.
 */
export function poolOf(proxy: ProxyState): Promise<Pool> {
  const { options } = proxy
  return (proxy.loading ??= import('undici').then(
    ({ Pool }) =>
      (proxy.pool = new Pool(proxy.upstream.origin, {
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        connect: { rejectUnauthorized: !options.insecure },
      })),
  ))
}
