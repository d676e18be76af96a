import {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  CreateService,
  PageNode,
  completeDto,
  type DtoDef,
} from '../../model/index.ts'
import {
  collectionKeys,
  type Store,
  type StoreSnapshot,
  type StoreState,
} from '../../store/index.ts'
import { bindDto, defaultWriteOptions, withNumberTokens, writeJson } from '../../wire/index.ts'

/** The collections as `/__mock/state` and the state file name them, with their DTOs. */
export const stateCollections = [
  { name: 'ABTests', key: 'abTests', dto: ABTestViewModel },
  { name: 'Services', key: 'services', dto: CreateService },
  { name: 'Containers', key: 'containers', dto: ContainerInfoMessage },
  { name: 'Comments', key: 'comments', dto: CommentResponse },
  { name: 'Pages', key: 'pages', dto: PageNode },
] as const satisfies readonly { name: string; key: keyof StoreState; dto: DtoDef }[]

type StateCollection = (typeof stateCollections)[number]
/** `ABTests`, `Services`, `Containers`, `Comments` or `Pages`. */
export type StateCollectionName = StateCollection['name']

/** `{"ABTests":[…],"Services":[…],"Containers":[…],"Comments":[…],"Pages":[…]}`, each in its JSON wire form. */
export function stateJson(store: Store): string {
  return `{${collectionsJson(store.state)}}`
}

function collectionsJson(state: StoreState): string {
  return stateCollections
    .map(({ name, key, dto }) => {
      const values = Array.from(state[key].values() as Iterable<object>, (value) =>
        writeJson(dto, value, defaultWriteOptions),
      )
      return `"${name}":[${values.join(',')}]`
    })
    .join(',')
}

/** The state file: the collections plus what it takes to go on making the same ids. */
export function stateFileJson(snapshot: StoreSnapshot): string {
  return `{"Seed":${snapshot.seed},"Generated":${snapshot.generated},${collectionsJson(snapshot.state)}}`
}

/** A state file as read back: its state, and the change log that follows it, if it names one. */
export interface ParsedStateFile extends StoreSnapshot {
  /** `"Log":3`: the changes since it was written are in `<file>.3.log`. */
  readonly log?: number
}

/**
 * Reads a state file back. Every entity must bind cleanly: a broken file is an error that names
 * the problem (`Comments[3].DateCreated: …`), never a silent reseed.
 */
export function parseStateFile(text: string, now: Date): ParsedStateFile {
  const record = parseObject(text, 'the state file')
  const seed = record.Seed
  const generated = record.Generated ?? 0
  const log = record.Log
  if (!Number.isInteger(seed) || !Number.isInteger(generated)) {
    throw new Error("Failed to read the state file: 'Seed' and 'Generated' must be whole numbers")
  }
  if (log !== undefined && !Number.isSafeInteger(log)) {
    throw new Error("Failed to read the state file: 'Log' must be a whole number")
  }
  const state: StoreState = {
    abTests: new Map(),
    services: new Map(),
    containers: new Map(),
    comments: new Map(),
    pages: new Map(),
  }
  for (const { name, key } of stateCollections) {
    // A file written before pages were kept: its container pages' pages stand for them.
    if (name === 'Pages' && record[name] === undefined) continue
    const list = record[name]
    if (!Array.isArray(list)) {
      throw new Error(`Failed to read the state file: '${name}' must be a list`)
    }
    const collection = state[key] as Map<string, object>
    list.forEach((item: unknown, index) => {
      const where = `${name}[${index}]`
      const { id, value } = bindStateEntity(name, item, where, now)
      if (collection.has(id))
        throw new Error(`Failed to read the state file: ${where} repeats the key '${id}'`)
      collection.set(id, value)
    })
  }
  if (record.Pages === undefined) pagesOfContainers(state)
  return {
    seed: seed as number,
    generated: generated as number,
    state,
    ...(log === undefined ? {} : { log: log as number }),
  }
}

/** Each stored container page's page, with the title it was answered with. */
function pagesOfContainers(state: StoreState): void {
  for (const [id, page] of state.containers) {
    state.pages.set(id, { Id: id, Title: page.PageTitle, UrlName: null })
  }
}

/** A JSON object, with the text of numbers that say more than their value (a decimal's scale). */
export function parseObject(text: string, what: string): Record<string, unknown> {
  let document: unknown
  try {
    document = withNumberTokens(text) ?? JSON.parse(text)
  } catch (error) {
    throw new Error(`Failed to read ${what}: not JSON (${(error as Error).message})`)
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new Error(`Failed to read ${what}: expected a JSON object`)
  }
  return document as Record<string, unknown>
}

/**
 * One entity of a collection as the state file writes it, bound and completed, with its key;
 * throws an error naming `where` and the field when it does not bind.
 */
export function bindStateEntity(
  name: StateCollectionName,
  item: unknown,
  where: string,
  now: Date,
): { id: string; value: object } {
  const { key, dto } = stateCollections.find((c) => c.name === name) as StateCollection
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new Error(`Failed to read the state file: ${where} must be an object`)
  }
  const bound = bindDto(dto, item as Record<string, never>, now)
  const issue = bound.issues[0]
  if (issue) {
    throw new Error(
      `Failed to read the state file: ${where}.${issue.path}: '${issue.value}' is not a valid ${issue.expected}`,
    )
  }
  const value = completeDto(dto as DtoDef, bound.value, now)
  const id = (collectionKeys[key] as (value: object) => string)(value)
  if (id === '') throw new Error(`Failed to read the state file: ${where} has no key`)
  return { id, value }
}
