import type { Store } from '../../src/index.ts'

// Keys of what a store seeded, in seed order, for requests that must find something.

/** The Key of a seeded comment. */
export function commentKey(store: Store, index = 0): string {
  const comment = Array.from(store.state.comments.values())[index]
  if (!comment?.Key) throw new Error(`Failed to find seeded comment ${index}`)
  return comment.Key
}

/** Every seeded comment's Key. */
export function commentKeys(store: Store): string[] {
  return Array.from(store.state.comments.values(), (comment) => comment.Key ?? '')
}

/** A seeded comment with neither CustomData nor Rating: its answer has null members to show. */
export function bareCommentKey(store: Store): string {
  for (const comment of store.state.comments.values()) {
    if (comment.CustomData === null && comment.Rating === null && comment.Key) return comment.Key
  }
  throw new Error('Failed to find a seeded comment without CustomData and Rating')
}

/** The Id of a seeded A/B test. */
export function abTestId(store: Store, index = 0): string {
  const id = Array.from(store.state.abTests.values())[index]?.Id
  if (!id) throw new Error(`Failed to find seeded A/B test ${index}`)
  return id
}

/** The Route of a seeded service definition, as the store keys it. */
export function serviceRoute(store: Store, index = 0): string {
  const route = Array.from(store.state.services.keys())[index]
  if (route === undefined) throw new Error(`Failed to find seeded service ${index}`)
  return route
}

/** The stored Message of a comment, read from the store directly. */
export function commentMessage(store: Store, key: string): string | null | undefined {
  return store.state.comments.get(key.toLowerCase())?.Message
}

/** The Id of a seeded page: a `PageId` that `containersInfo` finds (the first holds container page 0). */
export function pageId(store: Store, index = 0): string {
  const id = Array.from(store.state.pages.keys())[index]
  if (id === undefined) throw new Error(`Failed to find seeded page ${index}`)
  return id
}
