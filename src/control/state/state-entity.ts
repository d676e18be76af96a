import type { Store } from '../../store/index.ts'
import { defaultWriteOptions, writeJson } from '../../wire/index.ts'
import { stateCollections } from './state-document.ts'

/** One entity as `/__mock/state/{Collection}/{id}` answers it: its JSON text, or why not. */
export type StateEntity =
  | { readonly found: true; readonly json: string }
  | { readonly found: false; readonly status: 400 | 404; readonly message: string }

/**
 * One entity of a state, in its JSON wire form: `Comments/<Key>`, `ABTests/<Id>`,
 * `Containers/<PageId>` or `Services/<Route>` (a route's own slashes may be sent as they are or
 * as `%2F`). Keys are matched as the operations match them, in any case. Reading a seeded entity
 * makes it, as an operation would; it does not change what the state holds.
 */
export function readStateEntity(store: Store, path: string): StateEntity {
  const slash = path.indexOf('/')
  const name = slash < 0 ? path : path.slice(0, slash)
  const id = slash < 0 ? '' : path.slice(slash + 1)
  const collection = stateCollections.find((candidate) => candidate.name === name)
  if (!collection)
    return {
      found: false,
      status: 400,
      message: `Failed to read an entity: '${name}' is not a collection (${stateCollections.map((c) => c.name).join(', ')})`,
    }
  if (id === '')
    return {
      found: false,
      status: 400,
      message: `Failed to read an entity: say which, as /__mock/state/${name}/<key>`,
    }
  const entities = store.state[collection.key] as ReadonlyMap<string, object>
  const ids = collection.name === 'Services' && !id.startsWith('/') ? [`/${id}`, id] : [id]
  for (const candidate of ids) {
    const entity = entities.get(candidate.toLowerCase())
    if (entity) return { found: true, json: writeJson(collection.dto, entity, defaultWriteOptions) }
  }
  return {
    found: false,
    status: 404,
    message: `Failed to read an entity: ${name} has none with the key '${id}'`,
  }
}
