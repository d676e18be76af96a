import type { SessionsDocument } from '../control/control-documents.ts'
import { fail, json, noContent } from './control-answers.ts'
import type { Sessions } from './sessions.ts'

/** `/__mock/sessions[/{id}]`: list them, drop one, or drop them all. */
export function sessionRoute(
  method: string,
  id: string | undefined,
  sessions: Sessions,
): Response | undefined {
  if (id === undefined) {
    if (method === 'GET') {
      return json({ sessions: sessions.list(), max: sessions.max } satisfies SessionsDocument)
    }
    if (method !== 'DELETE') return undefined
    sessions.clear()
    return noContent()
  }
  if (method !== 'DELETE') return undefined
  return sessions.delete(id)
    ? noContent()
    : fail(404, 'NotFound', `Failed to delete session '${id}': no such session`)
}
