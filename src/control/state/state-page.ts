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

function wholeNumber(text: string): number | undefined {
  return /^\d{1,9}$/.test(text.trim()) ? Number(text) : undefined
}
