// GUID text forms (servicestack-wire.md section 6.4): N, D, B `{…}` and P `(…)` are read;
// Sitefinity writes the lowercase dashed D form everywhere.

const hex32 = /^[0-9a-f]{32}$/i
const dashed = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The lowercase 8-4-4-4-12 form of a GUID in any accepted form, or undefined. */
export function parseGuid(text: string): string | undefined {
  let value = text.trim()
  if (
    (value.startsWith('{') && value.endsWith('}')) ||
    (value.startsWith('(') && value.endsWith(')'))
  ) {
    value = value.slice(1, -1)
    if (!dashed.test(value)) return undefined
  }
  if (dashed.test(value)) return value.toLowerCase()
  if (hex32.test(value)) {
    const v = value.toLowerCase()
    return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`
  }
  return undefined
}
