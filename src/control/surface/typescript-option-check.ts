import { ServiceError } from '../../wire/index.ts'
import type { NativeTypeOptions } from './native-type-options.ts'

// ServiceStack 5.10's TypeScriptGenerator writes the option values into the `/* Options: */`
// header and `DefaultImports` into `import {0};` as they come, so `*/ alert(1); /*` in any of
// them becomes code in the user's dtos.ts. The mock refuses such values instead (a 400 that
// names the option): a value that could close the comment, start a line of its own, or be
// anything but a name where code is written.

// A star and a slash end the header's comment; a line break would start an option line of its own.
const unsafeInHeader = /\*\/|[\p{Cc}\u2028\u2029]/u

/** A name as the generated code writes it: ASCII letters, digits, `_` and `$`. */
const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** What a name in an import or a module declaration may not be (ES and strict-mode words). */
const reserved = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends ' +
    'false finally for function if import in instanceof new null return super switch this throw ' +
    'true try typeof var void while with implements interface let package private protected ' +
    'public static yield await arguments eval'
  ).split(' '),
)

/** A module specifier written between double quotes: no quote, backslash or control character. */
const unsafeInModule = /["'\\\p{Cc}\u2028\u2029]/u

/**
 * Why these options of `/types/typescript` or `/types/typescript.d` cannot be written into
 * code, as the 400 to answer; undefined when they can. Honoured values that become code must be
 * names: `GlobalNamespace` (its word characters, as ServiceStack's `SafeToken` keeps them), and
 * each `DefaultImports` entry `Name:module` (`import { Name } from "module";`).
 * @example checkTypeScriptOptions(nativeTypeOptions(new URLSearchParams('GlobalNamespace=1'), base, false))?.status // 400
 */
export function checkTypeScriptOptions(options: NativeTypeOptions): ServiceError | undefined {
  const header: readonly [string, string][] = [
    ['BaseUrl', options.baseUrl],
    ['GlobalNamespace', options.globalNamespace],
    ['IncludeTypes', options.includeTypes?.join(',') ?? ''],
    ['ExcludeTypes', options.excludeTypes?.join(',') ?? ''],
    ['DefaultImports', options.defaultImports.join(',')],
  ]
  for (const [name, value] of header) {
    if (unsafeInHeader.test(value)) {
      return refusal(
        name,
        value,
        "holds '*/' or a control character, which would end the comment the options are written in",
      )
    }
  }
  const namespace = options.globalNamespace.replace(/\W/g, '')
  if (options.globalNamespace !== '' && !isName(namespace)) {
    return refusal('GlobalNamespace', options.globalNamespace, 'is not a name a module can have')
  }
  for (const entry of options.defaultImports) {
    const colon = entry.indexOf(':')
    const name = colon < 0 ? '' : entry.slice(0, colon).trim()
    const module =
      colon < 0
        ? ''
        : entry
            .slice(colon + 1)
            .trim()
            .replace(/^["']|["']$/g, '')
    if (!isName(name) || module === '' || unsafeInModule.test(module)) {
      return refusal(
        'DefaultImports',
        entry,
        'is not Name:module, written as import { Name } from "module"; (a name, then a module path without quotes)',
      )
    }
  }
  return undefined
}

function isName(text: string): boolean {
  return identifier.test(text) && !reserved.has(text)
}

function refusal(option: string, value: string, why: string): ServiceError {
  const shown = JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value)
  const message = `The ${option} option ${shown} ${why}.`
  return new ServiceError(400, 'ArgumentException', `${message}\r\nParameter name: ${option}`, {
    errors: [{ FieldName: option, Message: message }],
  })
}
