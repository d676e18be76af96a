import { readDevSettings } from './dev-settings.ts'

/** What of Vite's plugin and config shapes the plugin uses, so the package needs no Vite types. */
export interface VitePluginLike {
  readonly name: string
  readonly apply: 'serve'
  config(config: { root?: string; server?: { port?: number } }): Record<string, unknown>
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
  return {
    name: 'restapi-mock',
    apply: 'serve',
    config(config) {
      const settings = readDevSettings(config.root ?? process.cwd())
      const proxy =
        settings.home === 'server'
          ? { '/RestApi': settings.mockUrl, '/__mock': settings.mockUrl }
          : {}
      return {
        define: { 'import.meta.env.VITE_RESTAPI_MOCK': JSON.stringify(settings.home) },
        server: { port: config.server?.port ?? settings.appPort, strictPort: true, proxy },
      }
    },
  }
}
