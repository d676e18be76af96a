import type { RequestContext } from '../request-context.ts'

// What the mock says when a body was ignored or read otherwise than the user likely meant
// (decisions.md, "Saying why"): what happened, as the real host does it, and what to send. The
// answer stays the host's; only the warning says more.

const sendJson = 'send Content-Type: application/json'

/** A body whose text is a JSON object or array: what the user most likely meant to send. */
function looksLikeJson(text: string): boolean {
  const start = text.trimStart()[0]
  return start === '{' || start === '['
}

/**
 * An ignored body: no Content-Type, or one with no reader (`text/plain`, as `fetch` sends a
 * string). The sentence starts as the mock has always said it, then tells how to send it.
 */
export function ignoredBodyWarning(ctx: RequestContext, text: string): string {
  const json = looksLikeJson(text)
  if (ctx.contentType === null) {
    const said = 'the request has a body but no Content-Type: the body was ignored'
    if (!json) return `${said}, as the real host ignores it; send the Content-Type of its format`
    const accept = ctx.header('accept') ?? ''
    return accept.toLowerCase().includes('json')
      ? `${said}, as the real host ignores it; Accept: application/json chooses the answer's format, not the body's: ${sendJson} too`
      : `${said}, as the real host ignores it; it reads as JSON: ${sendJson} (fetch sets none for a Blob or an ArrayBuffer)`
  }
  const said = `Content-Type '${ctx.contentType}' has no reader: the body was ignored`
  const plain = ctx.contentType.toLowerCase().startsWith('text/plain')
  if (!json) return `${said}, as the real host ignores it; send the Content-Type of its format`
  return plain
    ? `${said}, as the real host ignores it; fetch sends a string body as text/plain: ${sendJson}`
    : `${said}, as the real host ignores it; it reads as JSON: ${sendJson}`
}

/**
 * A form Content-Type over JSON text, as `curl -d` sends it: the host reads it as a form, so
 * none of its fields are found. Undefined for a body that is a form.
 */
export function formJsonWarning(ctx: RequestContext, text: string | null): string | undefined {
  if (text === null || !looksLikeJson(text)) return undefined
  return (
    `the body is JSON text sent as '${ctx.contentType}' (curl -d sends that): it was read as a ` +
    `form, as the real host reads it, so none of its fields were found; ${sendJson} ` +
    `(curl -H 'Content-Type: application/json')`
  )
}
