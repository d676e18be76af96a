import { stateCollections } from '../control/index.ts'
import {
  commentStatuses,
  commentStatusOf,
  type CommentResponse,
  type ContainerInfoMessage,
} from '../model/index.ts'
import type { StoreState } from '../store/index.ts'
import { parseGuid } from '../wire/index.ts'

/** What the operations refuse, found in one entity: the field's path, and why (`: …` or ` is …`). */
export interface FixtureProblem {
  readonly field: string
  readonly reason: string
}

/**
 * The values an operation would refuse, per collection, checked with the operation's own rule
 * (`commentStatusOf` for `PUT …/comments`, `parseGuid` for `containersInfo`'s `new Guid(…)`).
 * Each check puts the value as the operation would store it (a GUID in its lowercase
 * 8-4-4-4-12 form; a status as sent, since only the four names spelt exactly pass) into the
 * entity, which is the fixture's own bound copy.
 */
const checks: { readonly [K in keyof StoreState]?: (entity: never) => FixtureProblem | undefined } =
  {
    comments(comment: CommentResponse) {
      if (comment.Status === null || comment.Status === undefined) return undefined
      const status = commentStatusOf(comment.Status)
      if (!status) {
        return {
          field: 'Status' satisfies keyof CommentResponse,
          reason: `: '${comment.Status}' is not one of ${commentStatuses.join(', ')}`,
        }
      }
      return undefined
    },
    containers(page: ContainerInfoMessage) {
      const pageId = guidOf(page.PageId)
      if (typeof pageId !== 'string')
        return { field: 'PageId' satisfies keyof ContainerInfoMessage, reason: pageId.reason }
      page.PageId = pageId
      for (const [index, container] of (page.ContainersInfo ?? []).entries()) {
        if (container === null) continue
        const itemId = guidOf(container.ItemId)
        const field = `ContainersInfo[${index}].ItemId`
        if (typeof itemId !== 'string') return { field, reason: itemId.reason }
        container.ItemId = itemId
      }
      return undefined
    },
  }

/** What the operations would refuse in an entity of this collection, if anything. */
export function checkFixture(kind: keyof StoreState, entity: object): FixtureProblem | undefined {
  return checks[kind]?.(entity as never)
}

/** The GUID as stored, or why `new Guid(…)` refuses it, as `containersInfo` calls it. */
function guidOf(value: string | null | undefined): string | { reason: string } {
  if (value === null || value === undefined) return { reason: ' is required (a GUID)' }
  return parseGuid(value) ?? { reason: `: '${value}' is not a GUID` }
}

/** The collection names of a fixture document that are not collections (exact names). */
export function unknownCollections(document: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(document).filter(
    (name) => !stateCollections.some((collection) => collection.name === name),
  )
}

/** Why a fixture document's names are refused: each named, with the names there are. */
export function unknownCollectionsReason(names: readonly string[]): string {
  const known = stateCollections.map((collection) => collection.name)
  const shown = names.slice(0, 10).map((name) => {
    const text = name.length > 80 ? `${name.slice(0, 80)}…` : name
    const near = known.find((candidate) => candidate.toLowerCase() === name.toLowerCase())
    return near ? `'${text}' (did you mean '${near}'?)` : `'${text}'`
  })
  const more = names.length > shown.length ? ` and ${names.length - shown.length} more` : ''
  const noun = names.length === 1 ? 'collection' : 'collections'
  return (
    `unknown ${noun} ${shown.join(', ')}${more}: the collections are ${known.join(', ')}, ` +
    'named exactly as in /__mock/state'
  )
}
