import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** Which home answers the app's `/RestApi` in development. */
export type MockHome = 'worker' | 'server' | 'off'

export const mockHomes: readonly MockHome[] = ['worker', 'server', 'off']

/**
 * Where the mock and the app answer in development, as the project says it in one place:
 * package.json's `"config"` (`restapi-mock init` writes it), read by the Vite plugin, by
 * Playwright's config and fixture, and (as npm passes it to scripts) by the `mock` script.
 * `VITE_RESTAPI_MOCK` in the environment switches the home for one run.
 */
export interface DevSettings {
  readonly home: MockHome
  readonly mockPort: number
  readonly appPort: number
  /** The app's dev server, as the browser opens it. */
  readonly appUrl: string
  /** The CLI, as the dev server's proxy reaches it. */
  readonly mockUrl: string
}

interface PackageConfig {
  readonly mockHome?: unknown
  readonly mockPort?: unknown
  readonly appPort?: unknown
}

/** The nearest package.json from `from` upward; null when there is none. */
function packageJsonOf(from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const path = join(dir, 'package.json')
    if (existsSync(path)) return path
    if (dirname(dir) === dir) return null
  }
}

function portOf(value: unknown, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const port = Number(value)
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new Error(
      `restapi-mock: package.json's config.${name} must be a port (1-65535), not ${JSON.stringify(value)}`,
    )
  return port
}

/**
 * The project's settings, with the defaults for what it does not say (the worker, the mock on
 * 4000, Vite's 5173); throws one sentence for a value that is not one.
 * @example const { home, appUrl } = readDevSettings(process.cwd())
 */
export function readDevSettings(
  from: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): DevSettings {
  const path = packageJsonOf(from)
  const config: PackageConfig = path
    ? ((JSON.parse(readFileSync(path, 'utf8')) as { config?: PackageConfig }).config ?? {})
    : {}
  const home = env.VITE_RESTAPI_MOCK || config.mockHome || 'worker'
  if (!mockHomes.includes(home as MockHome))
    throw new Error(
      `restapi-mock: VITE_RESTAPI_MOCK (or package.json's config.mockHome) must be one of ${mockHomes.join(', ')}, not ${JSON.stringify(home)}`,
    )
  const mockPort = portOf(config.mockPort, 4000, 'mockPort')
  const appPort = portOf(config.appPort, 5173, 'appPort')
  return {
    home: home as MockHome,
    mockPort,
    appPort,
    appUrl: `http://localhost:${appPort}`,
    mockUrl: `http://127.0.0.1:${mockPort}`,
  }
}
