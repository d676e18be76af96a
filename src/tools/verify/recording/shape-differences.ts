import { redactedText } from '../../../control/redact/index.ts'
import type { ObjectShape, Shape } from './body-shape.ts'
import type { Difference } from './difference.ts'

// The words and the tests compareShape's walk is made of.

export function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`
}

function describe(shape: Shape): string {
  if (shape.kind === 'object') return 'an object'
  if (shape.kind === 'list') return 'a list'
  if (shape.type === 'null') return 'null'
  return shape.form === 'text' || shape.form === shape.type
    ? `a ${shape.type}`
    : `a ${shape.type}, ${shape.form}`
}

export function body(field: string, recorded: string, mock: string, says: string): Difference {
  return { part: 'body', field: field === '' ? '(body)' : field, recorded, mock, says }
}

/** The two sides hold different kinds or types at `path`. */
export function typeDiffers(path: string, recorded: Shape, mock: Shape): Difference {
  const [was, is] = [describe(recorded), describe(mock)]
  return body(
    path,
    was,
    is,
    `${path || 'the body'} is ${was} in the recording, ${is} in the mock's answer`,
  )
}

/** An XML element with no text and no children: an empty list or object, on the other side. */
export function isEmptyText(shape: Shape): boolean {
  return shape.kind === 'scalar' && shape.type === 'text' && shape.text === ''
}

export function isRedacted(shape: Shape): boolean {
  return shape.kind === 'scalar' && shape.text === redactedText
}

/** Names in order, a run of one name (an XML list's items) counted once. */
export function runs(fields: ObjectShape['fields']): string[] {
  const names: string[] = []
  for (const [name] of fields) if (names.at(-1) !== name) names.push(name)
  return names
}

/** The one name every child has, when there are children and they share it: a list's items. */
export function itemName(shape: ObjectShape): string | undefined {
  const names = new Set(shape.fields.map(([name]) => name))
  return shape.fields.length > 0 && names.size === 1 ? [...names][0] : undefined
}
