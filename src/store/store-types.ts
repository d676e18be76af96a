import type {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  CreateService,
  PageNode,
} from '../model/index.ts'
import type { EntityFactory, EntityFactoryMaker } from './entity-factory.ts'

// The store's shapes: what it holds, what a snapshot keeps, and what callers may do with it.

/** How many entities of each kind a seed makes. */
export interface Counts {
  abTests: number
  services: number
  containers: number
  comments: number
  /** At least `containers`: every seeded container page's page is seeded too. */
  pages: number
}

export const defaultCounts: Readonly<Counts> = {
  abTests: 5,
  services: 3,
  containers: 3,
  comments: 24,
  pages: 8,
}

/** No entity of any kind: a state of fixtures only (`--data`, `empty`, `edge-cases`, `import`). */
export const noEntities: Readonly<Counts> = {
  abTests: 0,
  services: 0,
  containers: 0,
  comments: 0,
  pages: 0,
}

/** The collections, each keyed for lookups by key (never a scan). */
export interface StoreState {
  /** By `Id`, lowercased: GUID text compares case-insensitively. */
  abTests: Map<string, ABTestViewModel>
  /** By `Route`, lowercased: routes are unique case-insensitively. */
  services: Map<string, CreateService>
  /** By `PageId`, lowercased. */
  containers: Map<string, ContainerInfoMessage>
  /** By `Key`, lowercased. */
  comments: Map<string, CommentResponse>
  /** By `Id`, lowercased: the pages `containersInfo` finds a `PageId` among. */
  pages: Map<string, PageNode>
}

/** How each collection keys its entities: lookups are by key, never a scan. */
export const collectionKeys = {
  abTests: (test: ABTestViewModel): string => test.Id.toLowerCase(),
  services: (service: CreateService): string => (service.Route ?? '').toLowerCase(),
  containers: (page: ContainerInfoMessage): string => (page.PageId ?? '').toLowerCase(),
  comments: (comment: CommentResponse): string => (comment.Key ?? '').toLowerCase(),
  pages: (page: PageNode): string => (page.Id ?? '').toLowerCase(),
} as const

export interface StoreSnapshot {
  readonly seed: number
  /** The counts it was seeded with; absent in a state file, which keeps the store's. */
  readonly counts?: Readonly<Counts>
  readonly generated: number
  readonly state: StoreState
  /** What writes added to it, as `Store.bytes` counts it; absent (a state file's): 0, its start. */
  readonly bytes?: number
}

/** What a state file follows: each entity a write stores, and each replacement of the whole. */
export interface StoreWatcher {
  /** Stored under `key` (undefined: deleted), before the write returns. */
  entity(kind: keyof StoreState, key: string, value: object | undefined): void
  /** The whole state replaced (`restore`, `reset`): no entity changes tell it. */
  replaced(): void
}

export interface Store {
  readonly counts: Readonly<Counts>
  /** The seed the current state was made from. */
  readonly seed: number
  /** How many GUIDs `newGuid` has made since the seed: a state file keeps it to go on. */
  readonly generated: number
  readonly factory: EntityFactory
  /**
   * The collections. Their entities are values shared with snapshots: change one by storing a
   * new object (`set`); the store freezes what it keeps, so a change in place throws.
   */
  readonly state: StoreState
  /**
   * A copy that later changes do not touch. It shares every entity that did not change, so it
   * costs what changed since the last snapshot, not the size of the state.
   */
  snapshot(): StoreSnapshot
  /** Back to a snapshot, which stays usable: it is shared, not used up. */
  restore(snapshot: StoreSnapshot): void
  /**
   * Another store that starts from a snapshot and keeps its own changes (a session, a
   * scenario's start): it shares every entity and this store's factory, so it costs what it
   * changes, never a copy of the state. It has no listeners of its own to begin with.
   */
  branch(snapshot: StoreSnapshot): Store
  /** Back to the seeded state, with the same seed or another, and the same counts or others. */
  reset(seed?: number, counts?: Partial<Counts>): void
  /** A new GUID, the same sequence for the same seed. */
  newGuid(kind: string): string
  /** Called after every change, so listeners (a state file, the journal) can follow. */
  changed(): void
  subscribe(listener: () => void): () => void
  /** Told of each entity stored and each replacement of the state, as they happen. */
  watch(watcher: StoreWatcher): () => void
  /**
   * About how much JSON the writes added to the state since it started from its seed, or from
   * a state file (each write counts the size of what it stores less that of what it replaces);
   * what `maxBytes` bounds. A scenario's fixtures count, as writes of its start.
   */
  readonly bytes: number
  /**
   * The most `bytes` a write may take the state to: past it, the write throws `StateFullError`
   * and stores nothing. Shared with the store's branches (sessions). Default 64 MiB.
   */
  maxBytes: number
  /** Throws `StateFullError` if storing these entities at once would pass `maxBytes`. */
  checkRoom(writes: Iterable<readonly [kind: keyof StoreState, key: string, value: object]>): void
}

export interface MemoryStoreOptions {
  seed: number
  counts?: Partial<Counts>
  factory: EntityFactoryMaker
  /** See `Store.maxBytes`. */
  maxBytes?: number
}
