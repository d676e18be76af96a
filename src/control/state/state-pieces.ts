import type { DtoDef } from '../../model/index.ts'
import type { StoreSnapshot } from '../../store/index.ts'
import { defaultWriteOptions, writeJson } from '../../wire/index.ts'
import { stateCollections } from './state-document.ts'
import type { StatePage } from './state-page.ts'

export interface StatePiecesOptions {
  /** Written before the collections, e.g. `"Seed":1,"Generated":0,` for the state file. */
  readonly head?: string
  /** Only this page of each collection, then `Counts`, `Offset` and `Limit`. */
  readonly page?: StatePage
  /** About how many characters each piece holds: one entity more at most. */
  readonly pieceChars?: number
}

/**
 * A state document (`/__mock/state`, a page of it, or the state file) in pieces of about
 * `pieceChars` characters, written as they are read: a big state is answered or saved without
 * holding the event loop, or a whole copy in memory, for the time it takes. Give it a snapshot
 * (`store.snapshot()`, which costs no copy): the pieces then show that instant however the
 * store changes meanwhile, and a seeded entity not made yet is made when its piece is written.
 * The entities before a page are skipped by key, never made.
 * @example for (const piece of statePieces(store.snapshot())) await file.write(piece)
 */
export function* statePieces(
  snapshot: StoreSnapshot,
  options: StatePiecesOptions = {},
): Generator<string, void, undefined> {
  const { page, pieceChars = 64 * 1024 } = options
  let piece = `{${options.head ?? ''}`
  let first = true
  for (const { name, key, dto } of stateCollections) {
    if (page && !page.kinds.includes(name)) continue
    piece += `${first ? '' : ','}"${name}":[`
    first = false
    const collection = snapshot.state[key] as Map<string, object>
    let index = 0
    let written = 0
    for (const id of collection.keys()) {
      if (page) {
        if (written === page.limit) break
        if (index++ < page.offset) continue
      }
      const value = writeJson(dto as DtoDef, collection.get(id) as object, defaultWriteOptions)
      piece += `${written === 0 ? '' : ','}${value}`
      written++
      if (piece.length >= pieceChars) {
        yield piece
        piece = ''
      }
    }
    piece += ']'
  }
  if (page) {
    const counts = stateCollections.map(({ name, key }) => `"${name}":${snapshot.state[key].size}`)
    piece += `,"Counts":{${counts.join(',')}},"Offset":${page.offset},"Limit":${page.limit}`
  }
  yield `${piece}}`
}
