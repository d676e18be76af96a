import { defaultLimits, jsvString, readJsv, type Loose } from '../../wire/index.ts'
import { redactMembers } from './redact-json.ts'
import { newRedaction, type Redaction } from './secret-names.ts'

/**
 * A JSV text (ServiceStack's `{Name:Value,List:[a,b]}`) with the members of secret names
 * redacted at any depth, read by the mock's own JSV reader and written back in JSV. A text
 * with nothing to redact comes back as it was; one that is not JSV gives undefined.
 */
export function redactJsv(text: string, redaction: Redaction = newRedaction()): string | undefined {
  let tree: Loose
  try {
    tree = readJsv(text, defaultLimits)
  } catch {
    return undefined
  }
  const state = { changed: false, redaction }
  const redacted = redactMembers(tree, false, state) as Loose
  return state.changed ? writeLoose(redacted) : text
}

/** A tree as JSV: its scalars are strings, as the reader gave them (null for nothing). */
function writeLoose(value: Loose): string {
  if (value === null) return ''
  if (Array.isArray(value)) return `[${value.map(writeLoose).join(',')}]`
  if (typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([name, member]) => `${name}:${writeLoose(member)}`)
      .join(',')}}`
  }
  return jsvString(String(value))
}
