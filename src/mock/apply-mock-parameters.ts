import type { Mock, StateChoice } from './create-mock.ts'
import type { Fixtures } from './fixtures.ts'
import type { BuiltInScenario } from './scenario.ts'

/**
 * What one story or test says the mock holds: a scenario, then fixtures on top of it. In
 * Storybook it is the story's `parameters.restapiMock`. `Own` names the user's own scenarios,
 * so a misspelt name fails to compile: `MockParameters<'flagged' | 'seeded7'>`.
 * @example parameters: { restapiMock: { scenario: 'empty', fixtures: { Comments: [{ Key: 'a' }] } } }
 */
export interface MockParameters<Own extends string = never> {
  readonly scenario?: BuiltInScenario | Own
  readonly fixtures?: Fixtures
}

/**
 * Puts the mock where a story or test starts: back to how it started (`mock.reset()`), then
 * into the scenario, then the fixtures. With a session, only that session's state is set, so
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
}
