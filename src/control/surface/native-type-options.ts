// The options of `/types/typescript` and `/types/typescript.d`, read from the query string as
// ServiceStack 5 binds them to its `NativeTypesBase` DTO (names in any case, lists comma
// separated). `typescript-ref` sends back the option lines a user uncommented this way.

export interface NativeTypeOptions {
  readonly baseUrl: string
  readonly globalNamespace: string
  readonly makePropertiesOptional: boolean
  readonly addServiceStackTypes: boolean
  readonly addResponseStatus: boolean
  readonly addImplicitVersion: number | null
  readonly addDescriptionAsComments: boolean
  readonly includeTypes: readonly string[] | null
  readonly excludeTypes: readonly string[] | null
  readonly defaultImports: readonly string[]
  /** Classes with constructors (`/types/typescript`), or ambient interfaces (`typescript.d`). */
  readonly exportAsTypes: boolean
  /** The option names the query gave: their header lines lose the `//` prefix. */
  readonly given: ReadonlySet<string>
}

const optionNames = [
  'BaseUrl',
  'GlobalNamespace',
  'MakePropertiesOptional',
  'AddServiceStackTypes',
  'AddResponseStatus',
  'AddImplicitVersion',
  'AddDescriptionAsComments',
  'IncludeTypes',
  'ExcludeTypes',
  'DefaultImports',
  'ExportAsTypes',
] as const

/**
 * The options of one request. `definition` is `typescript.d`: its properties are optional unless
 * told otherwise, and it honours `ExportAsTypes`, which `/types/typescript` always sets (as
 * ServiceStack 5's `NativeTypesService` does).
 */
export function nativeTypeOptions(
  query: URLSearchParams,
  baseUrl: string,
  definition: boolean,
): NativeTypeOptions {
  const values = new Map<string, string>()
  for (const [name, value] of query) {
    const known = optionNames.find((option) => option.toLowerCase() === name.toLowerCase())
    if (known && value !== '') values.set(known, value)
  }
  const flag = (name: (typeof optionNames)[number], fallback: boolean): boolean => {
    const value = values.get(name)?.toLowerCase()
    return value === undefined ? fallback : value === 'true' || value === '1'
  }
  const list = (name: (typeof optionNames)[number]): string[] | null => {
    const value = values.get(name)
    if (value === undefined) return null
    return value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '')
  }
  const version = Number(values.get('AddImplicitVersion'))
  return {
    baseUrl: values.get('BaseUrl') ?? baseUrl,
    globalNamespace: values.get('GlobalNamespace') ?? '',
    makePropertiesOptional: flag('MakePropertiesOptional', definition),
    addServiceStackTypes: flag('AddServiceStackTypes', true),
    addResponseStatus: flag('AddResponseStatus', false),
    addImplicitVersion:
      Number.isInteger(version) && values.has('AddImplicitVersion') ? version : null,
    addDescriptionAsComments: flag('AddDescriptionAsComments', true),
    includeTypes: list('IncludeTypes'),
    excludeTypes: list('ExcludeTypes'),
    defaultImports: list('DefaultImports') ?? [],
    exportAsTypes: definition ? flag('ExportAsTypes', false) : true,
    given: new Set(values.keys()),
  }
}

/** The `Config` of `/types/metadata`: ServiceStack's `MetadataTypesConfig` for these options. */
export function metadataConfig(options: NativeTypeOptions): Record<string, unknown> {
  return {
    BaseUrl: options.baseUrl,
    MakePartial: true,
    MakeVirtual: true,
    MakeInternal: false,
    AddReturnMarker: true,
    AddDescriptionAsComments: options.addDescriptionAsComments,
    AddDataContractAttributes: false,
    AddIndexesToDataMembers: false,
    AddGeneratedCodeAttributes: false,
    AddImplicitVersion: options.addImplicitVersion,
    AddResponseStatus: options.addResponseStatus,
    AddServiceStackTypes: options.addServiceStackTypes,
    AddModelExtensions: true,
    AddPropertyAccessors: true,
    ExcludeGenericBaseTypes: false,
    SettersReturnThis: true,
    MakePropertiesOptional: options.makePropertiesOptional,
    ExportAsTypes: options.exportAsTypes,
    ExcludeImplementedInterfaces: false,
    AddDefaultXmlNamespace: 'http://schemas.servicestack.net/types',
    MakeDataContractsExtensible: false,
    InitializeCollections: true,
    IncludeTypes: options.includeTypes,
    ExcludeTypes: options.excludeTypes,
    DefaultImports: options.defaultImports.length > 0 ? options.defaultImports : null,
    ExportValueTypes: false,
    GlobalNamespace: options.globalNamespace === '' ? null : options.globalNamespace,
    ExcludeNamespace: false,
  }
}
