/**
 * Says once that a page's own restapi-mock worker answers the app as well as this server: the
 * worker's start asks `/__mock/settings` past itself, naming itself in `X-Mock-Worker`, and
 * the dev server's proxy brings it here. From then on the page's requests never reach us. The
 * app calls it only for a request that carries the header.
 */
export function workerNotice(warn: (line: string) => void): () => void {
  let said = false
  return () => {
    if (said) return
    said = true
    warn(
      "restapi-mock: warning: a page's own restapi-mock worker answers the app too, so this server sees none of its requests: pick one home (VITE_RESTAPI_MOCK=server in the dev server's environment or package.json's config.mockHome stops the worker)",
    )
  }
}
