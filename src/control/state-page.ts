import type { Store } from '../store/index.ts'
import { defaultWriteOptions, writeJson } from '../wire/index.ts'
import { stateCollections } from './state-document.ts'

/** The rows of a page when `?offset=` or `?kind=` is given without `?limit=`. */
export const defaultStatePageLimit = 200
/** The most rows per collection one page may ask for. */
export const maxStatePageLimit = 10_000

type CollectionName = (typeof stateCollections)[number]['name']

export interface StatePage {
  readonly offset: number
  readonly limit: number
  /** The collections listed; the counts cover them all. */
  readonly kinds: readonly CollectionName[]
}

/**
 * The page `GET /__mock/state` asks for: undefined without `offset`, `limit` or `kind` (the whole
 * state, as before), a page, or a sentence saying what is wrong with the query.
 */
export function readStatePage(query: URLSearchParams): StatePage | string | undefined {
  const offsetText = query.get('offset')
  const limitText = query.get('limit')
  const kindText = query.get('kind')
  if (offsetText === null && limitText === null && kindText === null) return undefined
  const offset = offsetText === null ? 0 : wholeNumber(offsetText)
  if (offset === undefined) return `offset '${offsetText}' is not a whole number`
  const limit = limitText === null ? defaultStatePageLimit : wholeNumber(limitText)
  if (limit === undefined || limit > maxStatePageLimit) {
    return `limit '${limitText}' is not a whole number from 0 to ${maxStatePageLimit}`
  }
  const kinds: CollectionName[] = []
  for (const text of (kindText ?? '').split(',')) {
    const wanted = text.trim().toLowerCase()
    if (wanted === '') continue
    const found = stateCollections.find((c) => c.name.toLowerCase() === wanted)
    if (!found) {
      return `kind '${text.trim()}' is none of ${stateCollections.map((c) => c.name).join(', ')}`
    }
    if (!kinds.includes(found.name)) kinds.push(found.name)
  }
  return { offset, limit, kinds: kinds.length > 0 ? kinds : stateCollections.map((c) => c.name) }
}

/**
 * One page of the state: `limit` entities of each collection asked for from `offset` on, in
 * their JSON wire form, then `Counts` of every collection, `Offset` and `Limit`. The entities
 * before the page are skipped by key, never made or written, so a page of a large state costs
 * the page.
 */
export function statePageJson(store: Store, page: StatePage): string {
  const parts: string[] = []
  const counts: string[] = []
  for (const { name, key, dto } of stateCollections) {
    const collection = store.state[key] as Map<string, object>
    counts.push(`"${name}":${collection.size}`)
    if (!page.kinds.includes(name)) continue
    const values: string[] = []
    let index = 0
    for (const id of collection.keys()) {
      if (values.length === page.limit) break
      if (index++ < page.offset) continue
      values.push(writeJson(dto, collection.get(id) as object, defaultWriteOptions))
    }
    parts.push(`"${name}":[${values.join(',')}]`)
  }
  parts.push(`"Counts":{${counts.join(',')}}`, `"Offset":${page.offset}`, `"Limit":${page.limit}`)
  return `{${parts.join(',')}}`
}

function wholeNumber(text: string): number | undefined {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text) : undefined
}
