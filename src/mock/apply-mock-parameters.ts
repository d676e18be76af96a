import type { Mock, StateChoice } from './create-mock.ts'
import type { Fixtures } from './fixtures.ts'
import type { BuiltInScenario } from './scenario.ts'
import type { AuthMode } from '../wire/index.ts'

/**
 * What one story or test says the mock holds: a scenario, then fixtures on top of it. In
 * Storybook it is the story's `parameters.restapiMock`. `Own` names the user's own scenarios,
 * so a misspelt name fails to compile: `MockParameters<'flagged' | 'seeded7'>`.
 * @example parameters: { restapiMock: { scenario: 'empty', fixtures: { Comments: [{ Key: 'a' }] } } }
 */
export interface MockParameters<Own extends string = never> {
  readonly scenario?: BuiltInScenario | Own
  readonly fixtures?: Fixtures
  /** The login wall for this story or test (`claims`, `forms`); default: the mock's `auth`. */
  readonly auth?: AuthMode
  /**
   * Logged in: as a back-end user (`true`), as a back-end administrator (`'Administrator'`,
   * the container info's `IsAdmin`), as a user who is not one (`'User'`); default not.
   */
  readonly login?: boolean | 'User' | 'Administrator'
}

/**
 * Puts the mock where a story or test starts: back to how it started (`mock.reset()`), then
 * into the scenario, then the fixtures, then its login (`auth`, `login`; in a page the login's
 * cookie is set in the page's cookies). With a session, only that session's state is set, so
 * tests that run side by side keep out of each other's way. Throws on an unknown scenario or a
 * fixture that does not bind, naming it, so a story never runs on data it did not ask for.
 * @example beforeEach: ({ parameters }) => applyMockParameters(mock, parameters.restapiMock)
 */
export function applyMockParameters(
  mock: Mock,
  parameters: MockParameters<string> | undefined,
  choice?: StateChoice,
): void {
  if (choice?.session === undefined) mock.reset()
  else mock.sessions.delete(choice.session)
  if (parameters?.scenario !== undefined) mock.scenario(parameters.scenario, choice)
  if (parameters?.fixtures !== undefined) mock.fixtures(parameters.fixtures, choice)
  const { auth: mode, login } = parameters ?? {}
  if (!login) {
    if (mode !== undefined) mock.logout({ mode }, choice)
    return
  }
  const role = login === true ? 'BackendUser' : login
  const ticket = mock.login({ role, mode }, choice)
  // In a page (Storybook) the login is a cookie of the page, as a real one is: msw hands the
  // page's cookies to the mock with each request.
  const page = (globalThis as { document?: { cookie: string } }).document
  if (page) page.cookie = `${ticket.Cookie}; path=/`
}
