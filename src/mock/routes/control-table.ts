import { fail, json, readJsonBody } from './control-answers.ts'
import type { ControlRow, GlobalCall } from './control-call.ts'
import { dashboardAnswer } from './dashboard-answer.ts'
import { clearJournal, journalHar, readJournal } from './journal-routes.ts'
import { setPassthrough } from './passthrough.ts'
import { deleteLogin, postLogin, readLogin } from './login-routes.ts'
import { dropSession, dropSessions, listSessions } from './session-routes.ts'
import { deleteSnapshot, listSnapshots, restoreSnapshot, saveSnapshot } from './snapshot-routes.ts'
import {
  addFault,
  clearFaults,
  listFaults,
  readEntity,
  readSettings,
  readState,
  removeFault,
  reset,
  setLatency,
  listScenarios,
  storeFixtures,
  useScenario,
} from './state-routes.ts'

/**
 * Every route under `/__mock` (decisions.md section 6), as rows of the route table the
 * operations use: a new control route is one row here. A state route works on the session the
 * request names, or on the shared state; a global one on none.
 */
export const controlTable: readonly ControlRow[] = [
  { method: 'GET', route: '/', scope: 'global', answer: ({ deps }) => dashboardAnswer(deps) },
  {
    method: 'GET',
    route: '/openapi.json',
    scope: 'global',
    answer: async ({ deps }) => json(await deps.openApi()),
  },
  {
    method: 'GET',
    route: '/notices',
    scope: 'global',
    answer: ({ deps }) => json({ notices: deps.state.notices.list() }),
  },
  {
    method: 'PUT',
    route: '/passthrough',
    scope: 'global',
    global: 'set the passthrough',
    answer: putPassthrough,
  },
  { method: 'GET', route: '/sessions', scope: 'global', answer: listSessions },
  {
    method: 'DELETE',
    route: '/sessions',
    scope: 'global',
    global: 'drop every session (DELETE /__mock/sessions/<id> drops one)',
    answer: dropSessions,
  },
  { method: 'DELETE', route: '/sessions/{id*}', scope: 'global', answer: dropSession },
  { method: 'GET', route: '/state', scope: 'state', answer: readState },
  { method: 'GET', route: '/state/{path*}', scope: 'state', answer: readEntity },
  { method: 'POST', route: '/reset', scope: 'state', answer: reset },
  { method: 'GET', route: '/snapshots', scope: 'state', answer: listSnapshots },
  { method: 'POST', route: '/snapshots/{name*}', scope: 'state', answer: saveSnapshot },
  { method: 'PUT', route: '/snapshots/{name*}', scope: 'state', answer: restoreSnapshot },
  { method: 'DELETE', route: '/snapshots/{name*}', scope: 'state', answer: deleteSnapshot },
  { method: 'GET', route: '/journal', scope: 'state', answer: readJournal },
  { method: 'DELETE', route: '/journal', scope: 'state', answer: clearJournal },
  { method: 'GET', route: '/journal.har', scope: 'state', answer: journalHar },
  { method: 'GET', route: '/faults', scope: 'state', answer: listFaults },
  { method: 'POST', route: '/faults', scope: 'state', answer: addFault },
  { method: 'DELETE', route: '/faults', scope: 'state', answer: clearFaults },
  { method: 'DELETE', route: '/faults/{id*}', scope: 'state', answer: removeFault },
  { method: 'GET', route: '/settings', scope: 'state', answer: readSettings },
  { method: 'PUT', route: '/latency', scope: 'state', answer: setLatency },
  { method: 'GET', route: '/scenarios', scope: 'state', answer: listScenarios },
  { method: 'PUT', route: '/scenarios/{name*}', scope: 'state', answer: useScenario },
  { method: 'POST', route: '/fixtures', scope: 'state', answer: storeFixtures },
  { method: 'GET', route: '/login', scope: 'state', answer: readLogin },
  { method: 'POST', route: '/login', scope: 'state', answer: postLogin },
  { method: 'DELETE', route: '/login', scope: 'state', answer: deleteLogin },
]

/** `PUT /__mock/passthrough` `{"operations":["CommentUpdateRequest"]}`: the set, replaced. */
async function putPassthrough({ request, deps }: GlobalCall): Promise<Response> {
  const body = await readJsonBody(request, deps.config)
  if (body instanceof Response) return body
  const names = (body as { operations?: unknown } | null)?.operations
  const problem = Array.isArray(names)
    ? setPassthrough(deps.passthrough, names, deps.operations)
    : 'send {"operations":["CommentUpdateRequest", ...]}'
  if (problem) return fail(400, 'ArgumentException', `Failed to set the passthrough: ${problem}`)
  return json({ passthrough: [...deps.passthrough] })
}
