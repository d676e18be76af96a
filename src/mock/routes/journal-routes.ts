import type { JournalDocument } from '../../control/control-documents.ts'
import { journalToHar } from '../../control/journal/har.ts'
import { redactJournalEntry, type Journal } from '../../control/index.ts'
import { fail, json, jsonType, noContent } from './control-answers.ts'
import type { Session } from '../sessions.ts'

/**
 * `/__mock/journal` and `journal.har` as one state sees them: the shared state sees every
 * request (each entry names its session), a session only its own since it last cleared them.
 * Secrets are redacted in both, as `--record` redacts them: both end up in bug reports.
 */
export function journalRoute(
  route: string,
  url: URL,
  journal: Journal,
  session: Session,
  version: string,
): Response | undefined {
  const view = session.id === null ? undefined : { session: session.id, from: session.journalFrom }
  switch (route) {
    case 'GET /journal': {
      const limitText = url.searchParams.get('limit')
      const limit = limitText === null ? undefined : Number(limitText)
      if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) {
        return fail(
          400,
          'ArgumentException',
          `Failed to read the journal: limit '${limitText}' is not a whole number`,
        )
      }
      return json({
        capacity: journal.capacity,
        entries: journal.entries(limit, view).map(redactJournalEntry),
      } satisfies JournalDocument)
    }
    case 'DELETE /journal':
      // A session hides its own entries; the shared state clears them all.
      if (session.id === null) journal.clear()
      else session.journalFrom = journal.nextId
      return noContent()
    case 'GET /journal.har': {
      const entries = journal.entries(undefined, view).map(redactJournalEntry)
      return new Response(JSON.stringify(journalToHar(entries, version)), {
        headers: {
          'Content-Type': jsonType,
          'Content-Disposition': 'attachment;filename="restapi-mock.har"',
        },
      })
    }
  }
  return undefined
}
