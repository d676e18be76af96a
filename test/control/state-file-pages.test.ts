import { describe, expect, it } from 'vitest'
import { parseStateFile, stateFileJson } from '../../src/control/index.ts'
import { createStore } from '../../src/index.ts'

// Issue 30, N6: the store holds pages, and a state file keeps them; one written before pages
// were kept still loads, each stored container page standing for its page.
describe('a state file and its pages', () => {
  const now = new Date('2026-03-01T12:00:00Z')

  it('keeps the pages it was written with', () => {
    const store = createStore({ seed: 4 })
    const parsed = parseStateFile(stateFileJson(store.snapshot()), now)
    expect([...parsed.state.pages.values()]).toEqual([...store.state.pages.values()])
  })

  it('takes each stored container page as its page when the file has no Pages', () => {
    const store = createStore({ seed: 4 })
    const written = JSON.parse(stateFileJson(store.snapshot())) as Record<string, unknown>
    delete written.Pages
    const parsed = parseStateFile(JSON.stringify(written), now)
    expect(parsed.state.pages.size).toBe(store.state.containers.size)
    for (const page of store.state.containers.values()) {
      expect(parsed.state.pages.get(page.PageId ?? '')).toEqual({
        Id: page.PageId,
        Title: page.PageTitle,
        UrlName: null,
      })
    }
  })

  it('refuses Pages that is not a list, as any collection', () => {
    const written = JSON.parse(stateFileJson(createStore().snapshot())) as Record<string, unknown>
    written.Pages = {}
    expect(() => parseStateFile(JSON.stringify(written), now)).toThrow(
      "Failed to read the state file: 'Pages' must be a list",
    )
  })
})
