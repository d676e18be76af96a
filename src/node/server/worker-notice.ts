import type { HeaderName } from '../../wire/index.ts'

/**
 * Says once that a page's own restapi-mock worker answers the app as well as this server: the
 * worker's start asks `/__mock/settings` past itself, naming itself in `X-Mock-Worker`, and
 * the dev server's proxy brings it here. From then on the page's requests never reach us.
 */
export function workerNotice(
  warn: (line: string) => void,
): (header: (name: HeaderName) => string | null) => void {
  let said = false
  return (header) => {
    if (said || header('x-mock-worker') === null) return
    said = true
    warn(
      "restapi-mock: warning: a page's own restapi-mock worker answers the app too, so this server sees none of its requests: pick one home (VITE_RESTAPI_MOCK=server in the dev server's environment or package.json's config.mockHome stops the worker)",
    )
  }
}
