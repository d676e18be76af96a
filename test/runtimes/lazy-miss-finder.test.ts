import { describe, expect, it } from 'vitest'
import { operations } from '../../handlers/operations.ts'
import { controlTable } from '../../src/mock/routes/control-table.ts'
import { compileRoutes } from '../../src/wire/index.ts'
import { lazyMissFinder } from '../../src/wire/route/lazy-miss-finder.ts'
import { createMissFinder } from '../../src/wire/route/near-misses.ts'

// The near-miss search loads on the first miss that needs a sentence (lazy-miss-finder.ts): a
// path outside the base path is judged without it first. Loaded or not, the sentence is the
// search's own, and a path the check turns away is one the search has nothing to say about.

const table = compileRoutes(operations)
const basePath = '/RestApi'

/** Outside the base path: near misses, a page's assets, the search's own module, odd paths. */
const outsidePaths = [
  '/comments-api/comments',
  '/api/comments-api/comments',
  '/RestAPI2/comments-api/comments.json',
  '/x/y/comments-api/comments/count',
  '/a/b/c/comments-api/comments',
  '/session/is-authenticated',
  '/COMMENTS-API/Comments/some-key',
  '/json/reply/UpdateComment',
  '/api/json/reply/UpdateComment',
  '/json/reply/NoSuchDto',
  '/page/inlineediting/containersInfo',
  '/favicon.ico',
  '/',
  '',
  '/%2F',
  '/%2F/%2F',
  '/node_modules/.vite/deps/browser-near-misses-x.js?v=1',
  '/assets/index-abc.js',
  '/comments-api.json/comments',
  `/${'comments-api/'.repeat(100)}comments`,
]

const methods = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH']

describe('the near-miss finder that loads its search on first use', () => {
  it('says what the search says of every path outside the base path, or nothing where it does', async () => {
    const eager = createMissFinder(table, basePath)
    const lazy = lazyMissFinder(table, basePath)
    const said: string[] = []
    for (const path of outsidePaths) {
      for (const method of methods) {
        const query = { method, path, rest: null }
        const expected = eager(query)
        expect(await lazy(query), `${method} ${path}`).toBe(expected)
        if (expected !== undefined) said.push(`${method} ${path}`)
      }
    }
    // Both kinds are among the paths: the check lets near misses through and turns others away.
    expect(said).toContain('PUT /api/comments-api/comments')
    expect(said).not.toContain('GET /favicon.ico')
  })

  it('says what the search says below the base path, and of the control routes', async () => {
    const rests = ['comments-api/comment', 'ab-testing', 'comments-api.json/comments', 'nothing']
    for (const rest of rests) {
      const query = { method: 'GET', path: `${basePath}/${rest}`, rest }
      expect(await lazyMissFinder(table, basePath)(query)).toBe(
        createMissFinder(table, basePath)(query),
      )
    }
    const control = compileRoutes(controlTable, { extensions: false, predefined: false })
    const query = { method: 'GET', path: '/__mock/jurnal', rest: '/jurnal' }
    const sentence = await lazyMissFinder(control, '/__mock', [])(query)
    expect(sentence).toBe(createMissFinder(control, '/__mock', [])(query))
    expect(sentence).toContain('did you mean GET /__mock/journal?')
  })
})
