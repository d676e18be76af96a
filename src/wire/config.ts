import type { Format } from './formats/format.ts'
import { defaultLimits, type Limits } from './request/limits.ts'
import type { AuthMode } from './login-state.ts'

/** The settings every resolver reads; one per running mock, passed in. */
export interface MockConfig {
  /** Where the service lives: `/RestApi` on the real host. */
  readonly basePath: string
  /** Answer 400 where the real server silently drops a value or ignores a body. */
  readonly strict: boolean
  /** The format of a request that names none: `html`, as on the real host. */
  readonly defaultFormat: Format
  readonly limits: Limits
  /** The server's clock: `LastModified` and other server-filled times come from it. */
  readonly clock: () => Date
  /** XML namespaces by DTO name, for hosts whose contracts differ from the neutral defaults. */
  readonly xmlNamespaces: Readonly<Record<string, string>>
  /**
   * The real host's login wall (`--auth`): `off` (the default) lets anyone call; `claims` and
   * `forms` answer a caller who is not a back-end user as that authentication mode does.
   */
  readonly auth: AuthMode
  /**
   * The host's `JsConfig.AlwaysUseUtc` (Sitefinity's `CommentsModuleConfig.AlwaysUseUTC`): every
   * date a request sends is made UTC. True on a fresh install; false on sites upgraded from
   * before 7.2, where dates keep the Kind they were read as (decisions.md section 16).
   */
  readonly alwaysUseUtc: boolean
}

export interface MockConfigOptions {
  basePath?: string
  strict?: boolean
  defaultFormat?: Format
  limits?: Partial<Limits>
  clock?: () => Date
  xmlNamespaces?: Record<string, string>
  /** The login wall: `off` (default), `claims` or `forms` (decisions.md section 18). */
  auth?: AuthMode
  /** `JsConfig.AlwaysUseUtc` on the host (default true, as on a fresh install). */
  alwaysUseUtc?: boolean
}

/** The default clock: the system's. */
export const systemClock = (): Date => new Date()

export function resolveConfig(options: MockConfigOptions = {}): MockConfig {
  const basePath = `/${(options.basePath ?? '/RestApi').replace(/^\/+|\/+$/g, '')}`
  return {
    basePath,
    strict: options.strict ?? false,
    defaultFormat: options.defaultFormat ?? 'html',
    limits: { ...defaultLimits, ...options.limits },
    clock: options.clock ?? systemClock,
    xmlNamespaces: { ...options.xmlNamespaces },
    auth: options.auth ?? 'off',
    alwaysUseUtc: options.alwaysUseUtc ?? true,
  }
}
