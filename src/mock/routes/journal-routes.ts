import type { JournalDocument } from '../../control/control-documents.ts'
import type { JournalEntry } from '../../control/journal/journal-entry.ts'
import { journalToHar } from '../../control/journal/har.ts'
import { redactJournalEntry, secretNamesWith } from '../../control/redact/index.ts'
import { fail, json, jsonType, noContent } from './control-answers.ts'
import type { StateCall } from './control-call.ts'
import type { Session } from '../sessions.ts'

// `/__mock/journal` and `journal.har` as one state sees them: the shared state sees every
// request (each entry names its session), a session only its own since it last cleared them.
// Secrets are redacted in both, as `--record` redacts them: both end up in bug reports.

function viewOf(session: Session): { session: string; from: number } | undefined {
  return session.id === null ? undefined : { session: session.id, from: session.journalFrom }
}

/** Entries redacted with the built-in secret names and those of `--redact`. */
function redactedWith(extra: readonly string[]) {
  const names = secretNamesWith(extra)
  return (entry: JournalEntry): JournalEntry => redactJournalEntry(entry, names)
}

export function readJournal({ url, session, deps }: StateCall): Response {
  const journal = deps.state.journal
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
    entries: journal.entries(limit, viewOf(session)).map(redactedWith(deps.redact)),
  } satisfies JournalDocument)
}

export function clearJournal({ session, deps }: StateCall): Response {
  // A session hides its own entries; the shared state clears them all.
  if (session.id === null) deps.state.journal.clear()
  else session.journalFrom = deps.state.journal.nextId
  return noContent()
}

export function journalHar({ session, deps }: StateCall): Response {
  const entries = deps.state.journal
    .entries(undefined, viewOf(session))
    .map(redactedWith(deps.redact))
  return new Response(JSON.stringify(journalToHar(entries, deps.version)), {
    headers: {
      'Content-Type': jsonType,
      'Content-Disposition': 'attachment;filename="restapi-mock.har"',
    },
  })
}
