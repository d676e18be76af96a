import { stateCollections } from '../../control/index.ts'
import { collectionKeys, type StoreState } from '../../store/index.ts'
import { ServiceError, type MockConfigOptions, type Operation } from '../../wire/index.ts'
import { completeFixtures } from '../fixtures.ts'
import { createStore } from '../create-store.ts'
import type { Har } from '../replay/har.ts'
import {
  entityDtos,
  fixturesOf,
  contentTypeOf,
  recordedEntity,
  type CollectionName,
  type RecordedEntity,
} from './recorded-entities.ts'
import { operationFinder } from './served-operation.ts'
import { noEntities } from './exchange-states.ts'
import { recordedView } from './recorded-view.ts'

export interface ImportOptions {
  readonly operations: readonly Operation[]
  /** `basePath` and `xmlNamespaces`, as the mock is run. */
  readonly config?: MockConfigOptions
}

/** What a recording showed: the entities, and each entry left out with the reason. */
export interface ImportedRecording {
  /** In the `/__mock/state` shape: a `--data` file, or a scenario's `fixtures`. */
  readonly document: Readonly<Record<CollectionName, readonly Record<string, unknown>[]>>
  readonly leftOut: readonly { readonly entry: number; readonly reason: string }[]
}

/**
 * The entities a recording shows, for a `--data` file or a scenario: the answer of each
 * exchange one of the operations served with a 2xx (the stored comment, the stored service),
 * else its request where the request DTO is a collection's. The last answer for a key wins.
 * Values the recorder redacted, and members of secret names (as it redacts them), are left
 * out, so the seed fills them; every entity is checked as `--data` will check it.
 * @example const { document } = importRecording(har, { operations })
 */
export function importRecording(har: Har, options: ImportOptions): ImportedRecording {
  const config = options.config ?? {}
  const find = operationFinder(options.operations, config.basePath ?? '/RestApi')
  const store = createStore({ counts: noEntities })
  const xml = { xmlNamespaces: config.xmlNamespaces ?? {} }
  const kept = new Map<string, RecordedEntity>()
  const leftOut: { entry: number; reason: string }[] = []
  har.log.entries.forEach((entry, index) => {
    const operation = find(entry)
    const { status } = entry.response
    if (operation === undefined || status < 200 || status >= 300) return
    const dtos = entityDtos(operation)
    const answer = recordedView(entry).body
    const fromAnswer =
      dtos.answer && answer !== null
        ? recordedEntity({
            text: answer,
            contentType: contentTypeOf(entry.response.headers, entry.response.content.mimeType),
            dto: dtos.answer,
            answer: true,
            config: xml,
          })
        : undefined
    const postData = entry.request.postData
    const entity =
      fromAnswer ??
      (dtos.request && postData?.text !== undefined && postData.encoding !== 'base64'
        ? recordedEntity({
            text: postData.text,
            contentType: contentTypeOf(entry.request.headers, postData.mimeType),
            dto: dtos.request,
            answer: false,
            config: xml,
          })
        : undefined)
    if (entity === undefined) {
      if (dtos.answer || dtos.request)
        leftOut.push({ entry: index, reason: 'its answer and request show no entity that reads' })
      return
    }
    const completed = completeFixtures(fixturesOf([entity]), store, new Date())
    if (completed instanceof ServiceError) {
      leftOut.push({ entry: index, reason: completed.message })
      return
    }
    kept.set(`${entity.collection}\n${keyOf(entity.collection, completed)}`, entity)
  })
  const document = Object.fromEntries(
    stateCollections.map(({ name }) => [
      name,
      [...kept.values()].filter((entity) => entity.collection === name).map(({ fields }) => fields),
    ]),
  ) as Record<CollectionName, Record<string, unknown>[]>
  return { document, leftOut }
}

function keyOf(name: CollectionName, completed: Record<string, readonly object[]>): string {
  const collection = stateCollections.find((candidate) => candidate.name === name)
  const key = collection?.key as keyof StoreState
  const entity = completed[name]?.[0] as never
  return (collectionKeys[key] as (value: never) => string)(entity)
}
