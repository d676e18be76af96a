/**
 * The vocabulary of the field tables. A DTO is declared once, as data (`defineDto`), and its
 * TypeScript type, its decoding in every format, its field order and its defaults all come
 * from that one declaration.
 */

export type ScalarKind = 'string' | 'int' | 'bool' | 'decimal' | 'date' | 'guid' | 'any'

export type FieldType =
  | {
      readonly kind: ScalarKind
      /** An `any` field that is a CLR `Dictionary<string,string>`: the native types say so. */
      readonly stringMap?: boolean
    }
  | { readonly kind: 'enum'; readonly name: string; readonly values: readonly string[] }
  | { readonly kind: 'object'; readonly dto: () => DtoDef }
  | { readonly kind: 'list'; readonly item: FieldType }

/** One column of a field table. `T` is the field's value type inside the mock. */
export interface FieldSpec<T> {
  readonly type: FieldType
  readonly nullable: boolean
  /** Phantom member: carries `T` for type inference, never set. */
  readonly value?: T
}

export type FieldMap = Readonly<Record<string, FieldSpec<unknown>>>

export interface FieldEntry {
  readonly name: string
  readonly lower: string
  readonly spec: FieldSpec<unknown>
}

export interface DtoDef<F extends FieldMap = FieldMap> {
  readonly name: string
  /** The CLR namespace, used for XML (`http://schemas.datacontract.org/2004/07/<namespace>`). */
  readonly namespace: string
  readonly fields: F
  /** Declaration order: JSON, JSV and CSV write in this order. */
  readonly entries: readonly FieldEntry[]
  /** Ordinal order of names: DataContractSerializer writes (and expects) POCO members so. */
  readonly alphabetical: readonly FieldEntry[]
  /**
   * `[DataContract]` types (ServiceStack's own) order XML members by `DataMember(Order)`, which
   * is their declaration order; plain POCOs use the alphabetical order.
   */
  readonly dataContract: boolean
  /** The order of members in XML. */
  readonly xmlOrder: readonly FieldEntry[]
  /**
   * The CLR base class whose fields this DTO repeats, or null: the native types and the
   * metadata write it as `extends` (the wire formats see only the fields).
   */
  readonly base: DtoDef | null
  /** Property names are matched case-insensitively on input, as ServiceStack does. */
  readonly byLowerName: ReadonlyMap<string, FieldEntry>
  /** The same entries under their declared names: see `findField`. */
  readonly byName: ReadonlyMap<string, FieldEntry>
}

type ValueOf<S> = S extends FieldSpec<infer T> ? T : never

/** The value type of a DTO: every field present, `null` where a nullable field is absent. */
export type DtoValue<D> =
  D extends DtoDef<infer F> ? { -readonly [K in keyof F]: ValueOf<F[K]> } : never

function spec<T>(type: FieldType): FieldSpec<T> {
  return { type, nullable: false }
}

export function stringField(): FieldSpec<string> {
  return spec({ kind: 'string' })
}
export function intField(): FieldSpec<number> {
  return spec({ kind: 'int' })
}
export function boolField(): FieldSpec<boolean> {
  return spec({ kind: 'bool' })
}
/**
 * A .NET `decimal` inside the mock: a number, or its exact text where a double would lose its
 * scale or its digits (`"4.50"`, `"12345678901234567890.5"`), which every writer writes back as
 * that number token, as .NET's decimal keeps them.
 */
export type Decimal = number | string

export function decimalField(): FieldSpec<Decimal> {
  return spec({ kind: 'decimal' })
}
export function dateField(): FieldSpec<Date> {
  return spec({ kind: 'date' })
}
/** GUIDs live inside the mock as lowercase 8-4-4-4-12 text. */
export function guidField(): FieldSpec<string> {
  return spec({ kind: 'guid' })
}
/** A value of any shape (`object` in the CLR), kept as the plain value it was sent as. */
export function anyField(): FieldSpec<unknown> {
  return spec({ kind: 'any' })
}
/**
 * A CLR `Dictionary<string,string>` (ServiceStack's `Meta`): inside the mock a value of any shape,
 * as `anyField` keeps it; the native types write it as `{ [index: string]: string; }`.
 */
export function stringMapField(): FieldSpec<unknown> {
  return spec({ kind: 'any', stringMap: true })
}
export function enumField<const V extends readonly string[]>(
  name: string,
  values: V,
): FieldSpec<V[number]> {
  return spec({ kind: 'enum', name, values })
}
export function objectField<T>(dto: () => DtoDef): FieldSpec<T> {
  return spec({ kind: 'object', dto })
}
export function listField<T>(item: FieldSpec<T>): FieldSpec<T[]> {
  return spec({ kind: 'list', item: item.type })
}
export function nullable<T>(field: FieldSpec<T>): FieldSpec<T | null> {
  return { type: field.type, nullable: true }
}

export function defineDto<const F extends FieldMap>(
  name: string,
  namespace: string,
  fields: F,
  options: { dataContract?: boolean; base?: DtoDef } = {},
): DtoDef<F> {
  const entries = Object.keys(fields).map((key) => ({
    name: key,
    lower: key.toLowerCase(),
    spec: fields[key] as FieldSpec<unknown>,
  }))
  const alphabetical = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const dataContract = options.dataContract ?? false
  return {
    name,
    namespace,
    fields,
    entries,
    alphabetical,
    dataContract,
    xmlOrder: dataContract ? entries : alphabetical,
    base: options.base ?? null,
    byLowerName: new Map(entries.map((entry) => [entry.lower, entry])),
    byName: new Map(entries.map((entry) => [entry.name, entry])),
  }
}

/**
 * The field an input name stands for, case-insensitively. Clients almost always send the names
 * as declared: those are found as they are, without making a lower-cased copy of the name to
 * look up (a new string each time, hashed on every lookup).
 */
export function findField(def: DtoDef, name: string): FieldEntry | undefined {
  return def.byName.get(name) ?? def.byLowerName.get(name.toLowerCase())
}

/** The name of a field type as a message shows it (`int`, `GUID`, `list of GoalViewModel`). */
export function describeType(type: FieldType): string {
  switch (type.kind) {
    case 'enum':
      return type.name
    case 'object':
      return type.dto().name
    case 'list':
      return `list of ${describeType(type.item)}`
    case 'guid':
      return 'GUID'
    case 'date':
      return 'date-time'
    default:
      return type.kind
  }
}
