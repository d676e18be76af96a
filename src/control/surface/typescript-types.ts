import type { MetaType, MetaTypes, PropertyType } from './metadata-types.ts'
import type { NativeTypeOptions } from './native-type-options.ts'
import { selectTypes, type RequestFacts } from './select-types.ts'

// `/types/typescript` and `/types/typescript.d`, written as ServiceStack 5.10's
// `TypeScriptGenerator` writes them (NativeTypes/TypeScript/TypeScriptGenerator.cs): the
// `Options:` header `typescript-ref` reads back, then every type in dependency order.

/** The version ServiceStack 5 writes in the header. */
export const serviceStackVersion = '5.10'

const aliases: Readonly<Record<string, string>> = {
  String: 'string',
  Boolean: 'boolean',
  DateTime: 'string',
  Guid: 'string',
  Int32: 'number',
  Decimal: 'number',
  'List`1': 'Array',
}

/** `StringBuilder.AppendLine` on the Windows host: every line ends `\r\n` (StringBuilderWrapper.cs l.20–30). */
const newline = '\r\n'

/** The code of the types of `metadata`, with the header's date `now` (local time, as the host). */
export function typeScriptTypes(
  metadata: MetaTypes,
  options: NativeTypeOptions,
  now: Date,
): string {
  const lines = header(options, now)
  for (const entry of options.defaultImports) {
    const colon = entry.indexOf(':')
    lines.push(
      colon < 0
        ? `import ${entry};`
        : `import { ${entry.slice(0, colon)} } from "${entry.slice(colon + 1).replace(/^["']|["']$/g, '')}";`,
    )
  }
  const body: string[] = []
  const { types, requests, responses } = selectTypes(metadata, options)
  for (const type of types) body.push('', ...typeLines(type, options, requests, responses))
  if (options.globalNamespace === '') lines.push(...body)
  else {
    const module = options.exportAsTypes ? 'export module' : 'declare module'
    lines.push('', `${module} ${options.globalNamespace.replace(/\W/g, '')}`, '{')
    lines.push(...body.map((line) => (line === '' ? line : `    ${line}`)), '', '}')
  }
  return `${lines.join(newline)}${newline}${newline}`
}

function header(options: NativeTypeOptions, now: Date): string[] {
  const line = (name: string, value: string): string =>
    `${options.given.has(name) ? '' : '//'}${name}: ${value}`
  const flag = (value: boolean): string => (value ? 'True' : 'False')
  return [
    '/* Options:',
    `Date: ${hostTime(now)}`,
    `Version: ${serviceStackVersion}`,
    'Tip: To override a DTO option, remove "//" prefix before updating',
    `BaseUrl: ${options.baseUrl}`,
    '',
    line('GlobalNamespace', options.globalNamespace),
    line('MakePropertiesOptional', flag(options.makePropertiesOptional)),
    line('AddServiceStackTypes', flag(options.addServiceStackTypes)),
    line('AddResponseStatus', flag(options.addResponseStatus)),
    line('AddImplicitVersion', options.addImplicitVersion?.toString() ?? ''),
    line('AddDescriptionAsComments', flag(options.addDescriptionAsComments)),
    line('IncludeTypes', options.includeTypes?.join(',') ?? ''),
    line('ExcludeTypes', excludeLine(options.excludeTypes)),
    line('DefaultImports', options.defaultImports.join(',')),
    '*/',
    '',
  ]
}

/**
 * The `ExcludeTypes` line: `RemoveIgnoredTypes` takes the `services` and `types` keywords out of
 * the list and adds them back at its end, in that order (NativeTypesMetadata.cs l.1082–1083, 1119–1122).
 */
function excludeLine(names: readonly string[] | null): string {
  if (names === null) return ''
  const list = [...names]
  for (const keyword of ['services', 'types']) {
    const at = list.indexOf(keyword)
    if (at >= 0) list.push(...list.splice(at, 1))
  }
  return list.join(',')
}

/** `DateTime.Now.ToString("s")` with the `T` made a space. */
function hostTime(now: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())} ${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`
}

function typeLines(
  type: MetaType,
  options: NativeTypeOptions,
  requests: ReadonlyMap<string, RequestFacts>,
  responses: ReadonlySet<string>,
): string[] {
  const lines: string[] = []
  const request = requests.get(type.Name)
  const isRequest = request !== undefined
  const response = request?.response
  for (const route of request?.routes ?? [])
    lines.push(`// @Route(${JSON.stringify(route.Path)}, ${JSON.stringify(route.Verbs)})`)
  if (type.DataContract) lines.push('// @DataContract')
  const exported = options.exportAsTypes
  const name = typeName(type)
  if (type.IsEnum) {
    const names = type.EnumNames ?? []
    if (exported)
      return [...lines, `export enum ${name}`, '{', ...names.map((n) => `    ${n} = '${n}',`), '}']
    return [...lines, `type ${name} = ${names.map((n) => `"${n}"`).join(' | ')};`]
  }
  const isClass = exported && !type.IsInterface
  const interfaces = response === undefined ? [] : [`IReturn<${response}>`]
  let extend = type.Inherits ? ` extends ${type.Inherits.Name}` : ''
  if (interfaces.length > 0)
    extend += isClass
      ? ` implements ${interfaces.join(', ')}`
      : `${extend === '' ? ' extends ' : ', '}${interfaces.join(', ')}`
  const declaration = exported ? `export ${isClass ? 'class' : 'interface'}` : 'interface'
  lines.push(`${declaration} ${name}${extend}`, '{')
  const modifier = isClass ? 'public ' : ''
  if (options.addImplicitVersion !== null && isRequest)
    lines.push(
      `    ${modifier}Version${isClass ? '' : '?'}: number; //${options.addImplicitVersion}`,
    )
  if (exported && type.Name === 'IReturn`1') lines.push('    createResponse(): T;')
  if (exported && type.Name === 'IReturnVoid') lines.push('    createResponse(): void;')
  const properties = type.Properties ?? []
  properties.forEach((property, index) => {
    if (property.DataMember && index > 0) lines.push('')
    if (property.DataMember) lines.push(`    // @DataMember(Order=${property.DataMember.Order})`)
    const [propertyType, nullable] = propertyTypeOf(property)
    const optional = options.makePropertiesOptional || nullable ? '?' : ''
    lines.push(`    ${modifier}${property.Name}${optional}: ${propertyType};`)
  })
  const addsStatus =
    options.addResponseStatus &&
    responses.has(type.Name) &&
    !isRequest &&
    !properties.some((property) => property.Name === 'ResponseStatus')
  if (addsStatus) lines.push(`    ${modifier}ResponseStatus${exported ? '' : '?'}: ResponseStatus;`)
  if (isClass) {
    const callSuper = type.Inherits ? 'super(init); ' : ''
    lines.push(
      '',
      `    public constructor(init?: Partial<${name}>) { ${callSuper}(Object as any).assign(this, init); }`,
    )
    if (response !== undefined) {
      lines.push(`    public createResponse() { return new ${response}(); }`)
      lines.push(`    public getTypeName() { return '${type.Name}'; }`)
    }
  }
  lines.push('}')
  return lines
}

function typeName(type: MetaType): string {
  const tick = type.Name.indexOf('`')
  return tick < 0 ? type.Name : `${type.Name.slice(0, tick)}<T>`
}

/** The TypeScript type of a property, and whether it is a CLR `Nullable<T>` (then optional). */
function propertyTypeOf(property: PropertyType): [string, boolean] {
  const args = property.GenericArgs ?? []
  if (property.Type === 'Nullable`1') return [alias(args[0] ?? 'Object'), true]
  if (property.Type === 'List`1') return [`${alias(args[0] ?? 'Object')}[]`, false]
  if (property.Type === 'Dictionary`2')
    return [`{ [index: ${alias(args[0] ?? 'String')}]: ${alias(args[1] ?? 'Object')}; }`, false]
  return [alias(property.Type), false]
}

function alias(name: string): string {
  return aliases[name] ?? name
}
