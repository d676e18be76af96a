import { redactedText } from '../../../control/redact/index.ts'
import { absent, type Difference, type Ignored } from './difference.ts'
import type { ObjectShape, Shape } from './body-shape.ts'

/**
 * How the mock's body differs from the recorded one in shape: field names, their order, types,
 * nesting, XML list item names, and the written form of dates and GUIDs. Values are not
 * compared (they are the data, and dates and ids differ from answer to answer); lists are
 * compared item by item as far as both go, since their lengths are the data too.
 */
export function compareShape(
  recorded: Shape,
  mock: Shape,
  options: { readonly path: string; readonly ignored: Ignored },
): Difference[] {
  const out: Difference[] = []
  walk(recorded, mock, options.path, options.ignored, out)
  return out
}

function join(path: string, name: string): string {
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

function body(field: string, recorded: string, mock: string, says: string): Difference {
  return { part: 'body', field: field === '' ? '(body)' : field, recorded, mock, says }
}

/** The two sides hold different kinds or types at `path`. */
function typeDiffers(path: string, recorded: Shape, mock: Shape): Difference {
  const [was, is] = [describe(recorded), describe(mock)]
  return body(
    path,
    was,
    is,
    `${path || 'the body'} is ${was} in the recording, ${is} in the mock's answer`,
  )
}

/** An XML element with no text and no children: an empty list or object, on the other side. */
function isEmptyText(shape: Shape): boolean {
  return shape.kind === 'scalar' && shape.type === 'text' && shape.text === ''
}

function walk(
  recorded: Shape,
  mock: Shape,
  path: string,
  ignored: Ignored,
  out: Difference[],
): void {
  if (recorded.kind === 'object' && mock.kind === 'object')
    return walkObject(recorded, mock, path, ignored, out)
  if (recorded.kind === 'list' && mock.kind === 'list') {
    const length = Math.min(recorded.items.length, mock.items.length)
    for (let i = 0; i < length; i++) {
      walk(recorded.items[i] as Shape, mock.items[i] as Shape, `${path}[${i}]`, ignored, out)
    }
    return
  }
  if (recorded.kind === 'scalar' && mock.kind === 'scalar') {
    if (recorded.type !== mock.type) {
      out.push(typeDiffers(path, recorded, mock))
    } else if (recorded.form !== mock.form) {
      out.push(
        body(
          path,
          recorded.form,
          mock.form,
          `${path} is written as ${recorded.form} in the recording, as ${mock.form} by the mock`,
        ),
      )
    }
    return
  }
  if (isEmptyText(recorded) || isEmptyText(mock)) return
  out.push(typeDiffers(path, recorded, mock))
}

function isRedacted(shape: Shape): boolean {
  return shape.kind === 'scalar' && shape.text === redactedText
}

/** Names in order, a run of one name (an XML list's items) counted once. */
function runs(fields: ObjectShape['fields']): string[] {
  const names: string[] = []
  for (const [name] of fields) if (names.at(-1) !== name) names.push(name)
  return names
}

/** The one name every child has, when there are children and they share it: a list's items. */
function itemName(shape: ObjectShape): string | undefined {
  const names = new Set(shape.fields.map(([name]) => name))
  return shape.fields.length > 0 && names.size === 1 ? [...names][0] : undefined
}

function walkObject(
  recorded: ObjectShape,
  mock: ObjectShape,
  path: string,
  ignored: Ignored,
  out: Difference[],
): void {
  if (recorded.namespace !== undefined && recorded.namespace !== mock.namespace) {
    out.push(
      body(
        join(path, 'xmlns'),
        recorded.namespace,
        mock.namespace ?? absent,
        `${path || 'the root'}'s XML namespace is ${recorded.namespace} in the recording, ${mock.namespace ?? 'none'} in the mock's answer`,
      ),
    )
  }
  const recordedItem = itemName(recorded)
  const mockItem = itemName(mock)
  // A value the recorder redacted stands for any (as a replay matches it): its field is
  // compared neither for its form nor for its place, on either side.
  const redacted = new Set(
    recorded.fields.filter(([, shape]) => isRedacted(shape)).map(([name]) => name),
  )
  const keep = (fields: ObjectShape['fields']): ObjectShape['fields'] =>
    fields.filter(([name]) => !redacted.has(name) && !ignored(join(path, name), name))
  const recordedFields = keep(recorded.fields)
  const mockFields = keep(mock.fields)
  // One child is as likely a one-field object as a one-item list: only two or more are a list.
  const listy = (shape: ObjectShape): boolean => shape.fields.length > 1
  if (recordedItem && mockItem && recordedItem !== mockItem && (listy(recorded) || listy(mock))) {
    out.push(
      body(
        path,
        `<${recordedItem}>`,
        `<${mockItem}>`,
        `the items of ${path} are <${recordedItem}> in the recording, <${mockItem}> in the mock's answer`,
      ),
    )
    return
  }
  const recordedNames = runs(recordedFields)
  const mockNames = runs(mockFields)
  const inMock = new Set(mockNames)
  const inRecording = new Set(recordedNames)
  for (const name of recordedNames) {
    if (!inMock.has(name))
      out.push(
        body(
          join(path, name),
          'present',
          absent,
          `${join(path, name)} is in the recording, not in the mock's answer`,
        ),
      )
  }
  for (const name of mockNames) {
    if (!inRecording.has(name))
      out.push(
        body(
          join(path, name),
          absent,
          'present',
          `${join(path, name)} is in the mock's answer, not in the recording`,
        ),
      )
  }
  const recordedOrder = recordedNames.filter((name) => inMock.has(name))
  const mockOrder = mockNames.filter((name) => inRecording.has(name))
  if (recordedOrder.join(',') !== mockOrder.join(',')) {
    const at = recordedOrder.findIndex((name, index) => mockOrder[index] !== name)
    const field = recordedOrder[at] ?? ''
    out.push(
      body(
        join(path, field),
        `field ${at + 1} of ${path || 'the body'}`,
        `field ${mockOrder.indexOf(field) + 1}`,
        `${path || 'the body'}'s fields are in another order: ${recordedOrder.join(', ')} in the recording, ${mockOrder.join(', ')} in the mock's answer`,
      ),
    )
  }
  // Children of the same name are paired in turn.
  const mockByName = new Map<string, Shape[]>()
  for (const [name, shape] of mockFields)
    mockByName.set(name, [...(mockByName.get(name) ?? []), shape])
  const seen = new Map<string, number>()
  const repeated = (name: string): boolean =>
    recordedFields.filter(([other]) => other === name).length > 1 ||
    (mockByName.get(name)?.length ?? 0) > 1
  for (const [name, shape] of recordedFields) {
    const index = seen.get(name) ?? 0
    seen.set(name, index + 1)
    const other = mockByName.get(name)?.[index]
    if (other === undefined) continue
    walk(
      shape,
      other,
      repeated(name) ? `${join(path, name)}[${index}]` : join(path, name),
      ignored,
      out,
    )
  }
}
