// The two path prefixes the mock answers under, apart from the dispatch: a browser page routes
// requests to the mock by them before the mock itself has loaded (src/browser/start-worker.ts).

/** Where the mock's own routes live, beside the service. */
export const controlPath = '/__mock'

/**
 * The service's base path as the mock serves it, one leading slash and none trailing.
 * @example basePathOf('restapi/') // '/restapi'
 */
export function basePathOf(option = '/RestApi'): string {
  return `/${option.replace(/^\/+|\/+$/g, '')}`
}
