import { describe, expect, it } from 'vitest'
import { applyMockParameters, createMock, createStore } from '../../src/index.ts'

// Issue 15: the helper a Storybook preview or a test's beforeEach calls with the story's
// `parameters.restapiMock`.

describe('applyMockParameters', () => {
  it('resets the mock, then enters the scenario, then stores the fixtures', () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    mock.fixtures({ Comments: [{ Key: 'left-over' }] })
    applyMockParameters(mock, { scenario: 'empty', fixtures: { Comments: [{ Key: 'mine' }] } })
    expect(mock.scenarios.current).toBe('empty')
    expect([...mock.store.state.comments.keys()]).toEqual(['mine'])
    applyMockParameters(mock, undefined)
    expect(mock.scenarios.current).toBe('default')
    expect(mock.store.state.comments.size).toBe(24)
    expect(mock.store.state.comments.has('mine')).toBe(false)
  })

  it('sets only a session’s state when given one, afresh each time', () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    applyMockParameters(mock, { fixtures: { Comments: [{ Key: 'in-a' }] } }, { session: 'a' })
    applyMockParameters(mock, { scenario: 'empty' }, { session: 'b' })
    expect(mock.sessions.get('a').store.state.comments.has('in-a')).toBe(true)
    expect(mock.sessions.get('b').store.state.comments.size).toBe(0)
    expect(mock.store.state.comments.has('in-a')).toBe(false)
    applyMockParameters(mock, {}, { session: 'a' })
    expect(mock.sessions.get('a').store.state.comments.has('in-a')).toBe(false)
  })

  it('throws naming an unknown scenario or a wrong field', () => {
    const mock = createMock({ store: createStore({ seed: 1 }) })
    expect(() => applyMockParameters(mock, { scenario: 'nope' })).toThrow(/'nope'/)
    expect(() =>
      applyMockParameters(mock, {
        fixtures: { Comments: [{ Key: 'k', Rating: 'high' as unknown as number }] },
      }),
    ).toThrow(/Comments\[0\]\.Rating/)
  })
})
