import {
  ResponseError,
  ResponseStatus,
  type DtoDef,
  type FieldEntry,
  type FieldType,
} from '../../model/index.ts'

// What ServiceStack 5's `NativeTypesMetadata` makes of a host's operations (the `MetadataTypes`
// DTO), built from the field tables: `/types/metadata` answers it, and the TypeScript types and
// the metadata pages are written from it, as ServiceStack writes them from its own.

/** What the metadata needs of an operation. */
export interface DescribedOperation {
  readonly method: string
  readonly route: string
  readonly requestDto: DtoDef
  readonly responseDto: DtoDef
  /** The real method returns `object`: ServiceStack knows no response type for it. */
  readonly returnsObject?: boolean
}

export interface TypeName {
  Name: string
  Namespace: string
  GenericArgs?: string[]
}

export interface PropertyType {
  Name: string
  Type: string
  IsValueType?: boolean
  IsSystemType?: boolean
  IsEnum?: boolean
  TypeNamespace: string
  GenericArgs?: string[]
  DataMember?: { Order: number }
}

export interface MetaType {
  Name: string
  Namespace: string
  Inherits?: TypeName
  IsEnum?: boolean
  IsInterface?: boolean
  DataContract?: Record<string, never>
  Properties?: PropertyType[]
  EnumNames?: string[]
}

export interface MetaOperation {
  Request: MetaType
  /** None when the service method returns `object` (ServiceController.cs l.156–165). */
  Response?: MetaType
  Actions: string[]
  ReturnsVoid: boolean
  Routes: { Path: string; Verbs: string }[]
  RequiresAuth: boolean
}

export interface MetaTypes {
  Config: Record<string, unknown>
  Namespaces: string[]
  Types: MetaType[]
  Operations: MetaOperation[]
}

// prettier-ignore
const systemNames: Readonly<Record<string, string>> = {
  string: 'String', int: 'Int32', bool: 'Boolean', decimal: 'Decimal', date: 'DateTime',
  guid: 'Guid', any: 'Object',
}

/**
 * The `MetadataTypes` of these operations: the request and response types in `Operations`, and
 * every other type they reach (nested DTOs, enums) in `Types`, in the order they are reached.
 * `withResponseStatus` adds ServiceStack's error types, which `AddResponseStatus` refers to.
 */
export function metadataTypes(
  operations: readonly DescribedOperation[],
  config: Record<string, unknown>,
  withResponseStatus = false,
): MetaTypes {
  const operationTypes = new Set<DtoDef>()
  for (const operation of operations) {
    operationTypes.add(operation.requestDto)
    if (!operation.returnsObject) operationTypes.add(operation.responseDto)
  }
  const types = new Map<string, MetaType>()
  const reach = (def: DtoDef): void => {
    if (def.base) reachType(def.base)
    for (const entry of ownEntries(def)) reachField(entry.spec.type, def.namespace)
  }
  const reachType = (def: DtoDef): void => {
    if (operationTypes.has(def) || types.has(def.name)) return
    types.set(def.name, describeDto(def))
    reach(def)
  }
  // An enum lives in the namespace of the first DTO reached that declares a field of it.
  const reachField = (type: FieldType, namespace: string): void => {
    if (type.kind === 'list') reachField(type.item, namespace)
    else if (type.kind === 'object') reachType(type.dto())
    else if (type.kind === 'enum' && !types.has(type.name))
      types.set(type.name, {
        Name: type.name,
        Namespace: namespace,
        IsEnum: true,
        EnumNames: [...type.values],
      })
  }
  for (const operation of operations) {
    reach(operation.requestDto)
    if (!operation.returnsObject) reach(operation.responseDto)
  }
  if (withResponseStatus) for (const def of [ResponseStatus, ResponseError]) reachType(def)
  const described = [...types.values()]
  return {
    Config: config,
    Namespaces: [...new Set(['ServiceStack', ...described.map((type) => type.Namespace)])],
    Types: described,
    Operations: operations.map((operation) => ({
      Request: describeDto(operation.requestDto),
      ...(operation.returnsObject ? {} : { Response: describeDto(operation.responseDto) }),
      Actions: [operation.method],
      ReturnsVoid: false,
      Routes: [{ Path: operation.route, Verbs: operation.method }],
      RequiresAuth: false,
    })),
  }
}

/** The fields a DTO declares itself: those of its base class are the base's. */
export function ownEntries(def: DtoDef): readonly FieldEntry[] {
  const base = def.base
  return base ? def.entries.filter((entry) => !base.byName.has(entry.name)) : def.entries
}

function describeDto(def: DtoDef): MetaType {
  const type: MetaType = { Name: def.name, Namespace: def.namespace }
  if (def.base) type.Inherits = { Name: def.base.name, Namespace: def.base.namespace }
  if (def.dataContract) type.DataContract = {}
  type.Properties = ownEntries(def).map((entry, index) => {
    const property = describeProperty(entry, def.namespace)
    if (def.dataContract) property.DataMember = { Order: index + 1 }
    return property
  })
  return type
}

function describeProperty({ name, spec }: FieldEntry, namespace: string): PropertyType {
  const { type } = spec
  switch (type.kind) {
    case 'object': {
      const dto = type.dto()
      return { Name: name, Type: dto.name, TypeNamespace: dto.namespace }
    }
    case 'list': {
      const item = type.item
      const itemName =
        item.kind === 'object'
          ? item.dto().name
          : item.kind === 'enum'
            ? item.name
            : systemNames[item.kind]
      return {
        Name: name,
        Type: 'List`1',
        IsSystemType: true,
        TypeNamespace: 'System.Collections.Generic',
        GenericArgs: [itemName ?? 'Object'],
      }
    }
    case 'enum':
      return spec.nullable
        ? {
            Name: name,
            Type: 'Nullable`1',
            IsValueType: true,
            IsEnum: true,
            TypeNamespace: 'System',
            GenericArgs: [type.name],
          }
        : { Name: name, Type: type.name, IsValueType: true, IsEnum: true, TypeNamespace: namespace }
    default: {
      // `Dictionary<string,string>`, as ServiceStack describes a generic system type.
      if (type.kind === 'any' && type.stringMap)
        return {
          Name: name,
          Type: 'Dictionary`2',
          IsSystemType: true,
          TypeNamespace: 'System.Collections.Generic',
          GenericArgs: ['String', 'String'],
        }
      const clr = systemNames[type.kind] as string
      const valueType = type.kind !== 'string' && type.kind !== 'any'
      if (valueType && spec.nullable)
        return {
          Name: name,
          Type: 'Nullable`1',
          IsValueType: true,
          IsSystemType: true,
          TypeNamespace: 'System',
          GenericArgs: [clr],
        }
      return valueType
        ? { Name: name, Type: clr, IsValueType: true, IsSystemType: true, TypeNamespace: 'System' }
        : { Name: name, Type: clr, IsSystemType: true, TypeNamespace: 'System' }
    }
  }
}
