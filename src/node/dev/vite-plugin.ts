import { readDevSettings } from './dev-settings.ts'

/** The part of Node's request and response (Connect's middleware) the plugin reads. */
interface Middleware {
  (
    request: { url?: string; headers: Record<string, string | string[] | undefined> },
    response: { statusCode: number; end(): void },
    next: () => void,
  ): void
}

/** What of Vite's plugin and config shapes the plugin uses, so the package needs no Vite types. */
export interface VitePluginLike {
  readonly name: string
  readonly apply: 'serve'
  config(config: { root?: string; server?: { port?: number } }): {
    define: Record<string, string>
    server: { port: number; strictPort: boolean; proxy: Record<string, string> }
  }
  configureServer(server: { middlewares: { use(middleware: Middleware): void } }): void
}

/**
 * `restapi-mock/vite`: the dev server as package.json's `"config"` says (`restapi-mock init`
 * writes both). It serves the app on `appPort` (strictly, so Playwright finds it there), tells
 * the page which home answers (`import.meta.env.VITE_RESTAPI_MOCK`, read by the development-only
 * start), and in the server home proxies `/RestApi` and `/__mock` to the CLI on `mockPort`.
 * Only `vite` (serve) uses it; a build is untouched.
 * @example export default defineConfig({ plugins: [react(), restapiMock()] })
 */
export function restapiMock(): VitePluginLike {
  let home = 'worker'
  return {
    name: 'restapi-mock',
    apply: 'serve',
    config(config) {
      const settings = readDevSettings(config.root ?? process.cwd())
      home = settings.home
      const proxy: Record<string, string> =
        settings.home === 'server'
          ? { '/RestApi': settings.mockUrl, '/__mock': settings.mockUrl }
          : {}
      return {
        define: { 'import.meta.env.VITE_RESTAPI_MOCK': JSON.stringify(settings.home) },
        server: { port: config.server?.port ?? settings.appPort, strictPort: true, proxy },
      }
    },
    configureServer(server) {
      // The worker's start asks whether a CLI answers behind the proxy too (one home at a
      // time): outside the server home no CLI is proxied, and the answer is "none" rather than
      // a 404 the browser would print in the console.
      server.middlewares.use((request, response, next) => {
        if (home === 'server' || !request.headers['x-mock-worker']) return next()
        if (!/^\/__mock\/settings(\?|$)/.test(request.url ?? '')) return next()
        response.statusCode = 204
        response.end()
      })
    },
  }
}
