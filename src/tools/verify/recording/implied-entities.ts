import { stateCollections } from '../../../control/index.ts'
import { emptyGuid, type ContainerInfoMessage, type PageNode } from '../../../model/index.ts'
import type { CollectionName, RecordedEntity } from './recorded-entities.ts'

/**
 * Entities a recorded entity implies beside itself, which the operation needed to answer as it
 * did: a container page's answer names its page (`PageId`, `PageTitle`), which the real service
 * looks up and fails without (SF `Services/InlineEditing/InlineEditingService.cs` l.222–229);
 * the empty id names none. Each row maps the implied entity's fields from the recorded one's.
 */
const implications: readonly {
  readonly from: string
  readonly to: string
  readonly fields: Readonly<Record<string, string>>
  readonly key: string
}[] = [
  {
    from: 'Containers',
    to: 'Pages',
    // Checked against the DTOs: a renamed field fails to compile here.
    fields: { Id: 'PageId', Title: 'PageTitle' } satisfies Partial<
      Record<keyof PageNode, keyof ContainerInfoMessage>
    >,
    key: 'Id' satisfies keyof PageNode,
  },
]

const known = new Set<string>(stateCollections.map(({ name }) => name))

/** The entity and those it implies (only into collections the state has). */
export function withImplied(entity: RecordedEntity): RecordedEntity[] {
  const out = [entity]
  for (const implication of implications) {
    if (implication.from !== entity.collection || !known.has(implication.to)) continue
    const fields: Record<string, unknown> = {}
    for (const [to, from] of Object.entries(implication.fields)) {
      const value = fieldOf(entity.fields, from)
      if (value !== undefined) fields[to] = value
    }
    const key = fields[implication.key]
    if (typeof key !== 'string' || key.trim() === '' || key.toLowerCase() === emptyGuid) continue
    out.push({ collection: implication.to as CollectionName, fields })
  }
  return out
}

/** A field by name in any case, as the binder finds it. */
function fieldOf(fields: Record<string, unknown>, name: string): unknown {
  const lower = name.toLowerCase()
  return Object.entries(fields).find(([key]) => key.toLowerCase() === lower)?.[1]
}
