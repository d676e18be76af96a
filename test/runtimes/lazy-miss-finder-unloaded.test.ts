import { describe, expect, it, vi } from 'vitest'
import { operations } from '../../handlers/operations.ts'
import { compileRoutes } from '../../src/wire/index.ts'
import { lazyMissFinder } from '../../src/wire/route/lazy-miss-finder.ts'

// The near-miss search is a module of its own in a page, fetched on the first miss: a fetch
// that fails (a dev server restarted under the page) costs the sentence, not the answer, and
// the next miss tries again.

let failures = 1
vi.mock('../../src/wire/route/near-misses.ts', async (original) => {
  if (failures-- > 0) throw new Error('Failed to fetch dynamically imported module')
  return original()
})

describe('the near-miss finder whose search cannot load', () => {
  it('says nothing then, and the sentence at the next miss', async () => {
    const findMiss = lazyMissFinder(compileRoutes(operations), '/RestApi')
    const query = {
      method: 'PUT',
      path: '/RestApi/comments-api/comment',
      rest: 'comments-api/comment',
    }
    expect(await findMiss(query)).toBeUndefined()
    expect(await findMiss(query)).toBe(
      'no operation answers PUT /RestApi/comments-api/comment; did you mean PUT /RestApi/comments-api/comments?',
    )
  })
})
