import type { MetaType, MetaTypes } from './metadata-types.ts'
import type { NativeTypeOptions } from './native-type-options.ts'

// Which types a native-types answer writes, and in what order, as ServiceStack 5 chooses them
// (NativeTypesMetadata.cs: RemoveIgnoredTypes, GetAllTypesOrdered, OrderTypesByDeps).

/** What the code of a request type needs: the response it returns (if any) and its routes. */
export interface RequestFacts {
  /** None when the service knows no response type, or the lists leave it out. */
  readonly response: string | undefined
  readonly routes: readonly { readonly Path: string; readonly Verbs: string }[]
}

export interface SelectedTypes {
  readonly types: readonly MetaType[]
  readonly requests: ReadonlyMap<string, RequestFacts>
  readonly responses: ReadonlySet<string>
}

/** The return markers, which `AddServiceStackTypes` puts before every other type. */
const returnMarkers: readonly MetaType[] = [
  { Name: 'IReturn`1', Namespace: 'ServiceStack', IsInterface: true },
  { Name: 'IReturnVoid', Namespace: 'ServiceStack', IsInterface: true },
]

/**
 * The types to write: those `IncludeTypes` names (a `Name.*` entry brings the request's answer
 * and every type they reach), less those `ExcludeTypes` names, each after what it depends on,
 * as `RemoveIgnoredTypes` leaves them (NativeTypesMetadata.cs l.1080–1116). The return markers
 * (and the error types `AddResponseStatus` refers to) stay whatever the lists say, so that the
 * code still compiles.
 */
export function selectTypes(metadata: MetaTypes, options: NativeTypeOptions): SelectedTypes {
  const excluded = options.excludeTypes ?? []
  const included = includeList(metadata, options.includeTypes)
  // The error types `AddResponseStatus` refers to come with it, as the markers do.
  const errorTypes = options.addResponseStatus ? ['ResponseStatus', 'ResponseError'] : []
  const kept = (type: MetaType): boolean =>
    errorTypes.includes(type.Name) ||
    ((included === null || included.has(type.Name)) && !excluded.includes(type.Name))
  let types = metadata.Types.filter(kept)
  let operations = metadata.Operations.filter((operation) => kept(operation.Request)).map(
    // A response the lists leave out is no return marker either (l.1095–1100): the request is
    // written without `implements`, `createResponse` or `getTypeName` (TypeScriptGenerator.cs
    // l.252–265, 507–511), so the file still compiles.
    (operation) => ({
      request: operation.Request,
      routes: operation.Routes,
      response: operation.Response && kept(operation.Response) ? operation.Response : undefined,
    }),
  )
  // A response type `IncludeTypes` names whose request is left out is written as a plain type
  // (l.1089–1111).
  for (const operation of metadata.Operations) {
    const response = operation.Response
    if (!response || included === null || !included.has(response.Name)) continue
    const written = operations.some((each) => each.response?.Name === response.Name)
    if (!written && !types.some((type) => type.Name === response.Name)) types.push(response)
  }
  // `services` and `types` are keywords: no operations, or no other types (l.1082–1083,
  // 1113–1116). The markers and error types stay, as they do for the other lists.
  if (excluded.includes('services')) operations = []
  if (excluded.includes('types')) types = types.filter((type) => errorTypes.includes(type.Name))
  const requests = new Map<string, RequestFacts>()
  const responses = new Set<string>()
  for (const { request, routes, response } of operations) {
    requests.set(request.Name, { response: response?.Name, routes })
    if (response) responses.add(response.Name)
  }
  const markers = options.addServiceStackTypes ? returnMarkers : []
  const ordered = [
    ...markers,
    ...basesFirst(types),
    ...unique(operations.flatMap((operation) => operation.response ?? [])),
    ...unique(operations.map((operation) => operation.request)),
  ]
  return { types: unique(byDependencies(ordered, requests)), requests, responses }
}

/** The names `IncludeTypes` lets through, or null for every type. */
function includeList(metadata: MetaTypes, include: readonly string[] | null): Set<string> | null {
  if (include === null || include.length === 0) return null
  const names = new Set<string>()
  const byName = new Map(metadata.Types.map((type) => [type.Name, type]))
  const reach = (type: MetaType | undefined): void => {
    if (!type || names.has(type.Name)) return
    names.add(type.Name)
    if (type.Inherits) reach(byName.get(type.Inherits.Name))
    for (const property of type.Properties ?? []) {
      for (const name of property.GenericArgs ?? [property.Type]) reach(byName.get(name))
    }
  }
  for (const entry of include) {
    if (!entry.endsWith('.*')) {
      names.add(entry)
      continue
    }
    const name = entry.slice(0, -2)
    for (const operation of metadata.Operations) {
      if (operation.Request.Name !== name) continue
      names.delete(operation.Request.Name)
      reach(operation.Request)
      if (!operation.Response) continue
      names.delete(operation.Response.Name)
      reach(operation.Response)
    }
  }
  return names
}

/** Each type after its base class. */
function basesFirst(types: readonly MetaType[]): MetaType[] {
  const sorted: MetaType[] = []
  const add = (type: MetaType | undefined): void => {
    if (!type || sorted.includes(type)) return
    if (type.Inherits) add(types.find((each) => each.Name === type.Inherits?.Name))
    if (!sorted.includes(type)) sorted.push(type)
  }
  for (const type of types) add(type)
  return sorted
}

/** ServiceStack's `OrderTypesByDeps`: before each type, the types it refers to, depth first. */
function byDependencies(
  types: readonly MetaType[],
  requests: ReadonlyMap<string, RequestFacts>,
): MetaType[] {
  const dependencies = new Map<string, string[]>()
  for (const type of types) {
    const names: string[] = []
    const response = requests.get(type.Name)?.response
    if (response !== undefined) names.push(response)
    if (type.Inherits) names.push(type.Inherits.Name)
    for (const property of type.Properties ?? [])
      names.push(...(property.GenericArgs ?? [property.Type]))
    dependencies.set(type.Name, [...new Set(names)])
  }
  const byName = new Map(types.map((type) => [type.Name, type]))
  const considered = new Set<string>()
  const ordered: MetaType[] = []
  const before = (type: MetaType): MetaType[] => {
    const found: MetaType[] = []
    for (const name of dependencies.get(type.Name) ?? []) {
      const dependency = byName.get(name)
      if (!dependency || considered.has(name)) continue
      considered.add(name)
      found.push(...before(dependency), dependency)
    }
    return found
  }
  for (const type of types) {
    for (const dependency of before(type))
      if (!ordered.includes(dependency)) ordered.push(dependency)
    if (!ordered.includes(type)) ordered.push(type)
    considered.add(type.Name)
  }
  return ordered
}

function unique(types: readonly MetaType[]): MetaType[] {
  const seen = new Set<string>()
  return types.filter((type) => !seen.has(type.Name) && seen.add(type.Name))
}
