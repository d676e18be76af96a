import type { DtoDef, FieldType } from '../../model/index.ts'
import { compileDtoFunction } from './compile-dto-function.ts'

/** A DTO's JSON tree under the default options: what `JSON.stringify` is given to write. */
export type JsonTreeBuilder = (value: Record<string, unknown>) => Record<string, unknown>

/** How one value becomes a node of the tree, for the kinds a builder hands back. */
export type NodeOf = (type: FieldType, value: unknown) => unknown

/**
 * A function made for one DTO that builds its JSON tree under the default options as a single
 * object literal. Absent fields become `undefined`, which `JSON.stringify` leaves out, as the
 * default options leave nulls out. Scalars are converted inline, as `nodeOf` converts them;
 * dates, objects and lists are handed to `nodeOf`. `null` where no function can be made: the
 * caller keeps its generic tree walk.
 */
export function makeJsonTreeBuilder(def: DtoDef, nodeOf: NodeOf): JsonTreeBuilder | null {
  const types = def.entries.map((entry) => entry.spec.type)
  return compileDtoFunction<JsonTreeBuilder>(def, 'JsonTree', { types, nodeOf }, (locals) => {
    const fields = def.entries.map((entry, i) => {
      const f = locals[i] as string
      const node = convert(entry.spec.type, f, i)
      return `${JSON.stringify(entry.name)}: ${f} == null ? undefined : ${node}`
    })
    return `return {\n${fields.join(',\n')}\n}`
  })
}

/** The expression for a present value `f` of a type, as `nodeOf` would convert it. */
function convert(type: FieldType, f: string, index: number): string {
  switch (type.kind) {
    case 'string':
    case 'guid':
      return `typeof ${f} === 'string' ? ${f} : String(${f})`
    case 'int':
    case 'decimal':
      return `Number.isFinite(${f}) ? ${f} : null`
    case 'bool':
      return `Boolean(${f})`
    case 'enum':
    case 'any':
      return f
    case 'date':
    case 'object':
    case 'list':
      return `nodeOf(types[${index}], ${f})`
  }
}
