import type { ObjectShape, Shape } from './body-shape.ts'
import { absent, type Difference, type Ignored } from './difference.ts'
import {
  body,
  isEmptyText,
  isRedacted,
  itemName,
  join,
  runs,
  typeDiffers,
} from './shape-differences.ts'

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
  const state: ShapeWalk = { ignored: options.ignored, out: [] }
  walk(state, recorded, mock, options.path)
  return state.out
}

/** A walk under way: what it skips, and where it writes what differs. */
interface ShapeWalk {
  readonly ignored: Ignored
  readonly out: Difference[]
}

/** Two objects at one path, and the fields of each that are compared. */
interface ObjectPair {
  readonly recorded: ObjectShape
  readonly mock: ObjectShape
  readonly path: string
  /** Without the redacted and the ignored fields. */
  readonly recordedFields: ObjectShape['fields']
  readonly mockFields: ObjectShape['fields']
}

function walk(state: ShapeWalk, recorded: Shape, mock: Shape, path: string): void {
  if (recorded.kind === 'object' && mock.kind === 'object') {
    return walkObject(state, objectPair(state, recorded, mock, path))
  }
  if (recorded.kind === 'list' && mock.kind === 'list') {
    const length = Math.min(recorded.items.length, mock.items.length)
    for (let i = 0; i < length; i++) {
      walk(state, recorded.items[i] as Shape, mock.items[i] as Shape, `${path}[${i}]`)
    }
    return
  }
  if (recorded.kind === 'scalar' && mock.kind === 'scalar') {
    if (recorded.type !== mock.type) {
      state.out.push(typeDiffers(path, recorded, mock))
    } else if (recorded.form !== mock.form) {
      state.out.push(
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
  state.out.push(typeDiffers(path, recorded, mock))
}

function objectPair(
  state: ShapeWalk,
  recorded: ObjectShape,
  mock: ObjectShape,
  path: string,
): ObjectPair {
  // A value the recorder redacted stands for any (as a replay matches it): its field is
  // compared neither for its form nor for its place, on either side.
  const redacted = new Set(
    recorded.fields.filter(([, shape]) => isRedacted(shape)).map(([name]) => name),
  )
  const keep = (fields: ObjectShape['fields']): ObjectShape['fields'] =>
    fields.filter(([name]) => !redacted.has(name) && !state.ignored(join(path, name), name))
  return {
    recorded,
    mock,
    path,
    recordedFields: keep(recorded.fields),
    mockFields: keep(mock.fields),
  }
}

function walkObject(state: ShapeWalk, pair: ObjectPair): void {
  compareNamespace(state, pair)
  if (itemsDiffer(state, pair)) return
  const recordedNames = runs(pair.recordedFields)
  const mockNames = runs(pair.mockFields)
  compareNames(state, pair.path, recordedNames, mockNames)
  compareOrder(state, pair.path, recordedNames, mockNames)
  walkFields(state, pair)
}

function compareNamespace(state: ShapeWalk, { recorded, mock, path }: ObjectPair): void {
  if (recorded.namespace !== undefined && recorded.namespace !== mock.namespace) {
    state.out.push(
      body(
        join(path, 'xmlns'),
        recorded.namespace,
        mock.namespace ?? absent,
        `${path || 'the root'}'s XML namespace is ${recorded.namespace} in the recording, ${mock.namespace ?? 'none'} in the mock's answer`,
      ),
    )
  }
}

/** Lists of items of other names: said once, and their items are not compared. */
function itemsDiffer(state: ShapeWalk, { recorded, mock, path }: ObjectPair): boolean {
  const recordedItem = itemName(recorded)
  const mockItem = itemName(mock)
  // One child is as likely a one-field object as a one-item list: only two or more are a list.
  const listy = (shape: ObjectShape): boolean => shape.fields.length > 1
  if (!recordedItem || !mockItem || recordedItem === mockItem) return false
  if (!listy(recorded) && !listy(mock)) return false
  state.out.push(
    body(
      path,
      `<${recordedItem}>`,
      `<${mockItem}>`,
      `the items of ${path} are <${recordedItem}> in the recording, <${mockItem}> in the mock's answer`,
    ),
  )
  return true
}

/** The fields one side has and the other has not. */
function compareNames(
  state: ShapeWalk,
  path: string,
  recordedNames: readonly string[],
  mockNames: readonly string[],
): void {
  const inMock = new Set(mockNames)
  const inRecording = new Set(recordedNames)
  for (const name of recordedNames) {
    if (!inMock.has(name)) {
      const field = join(path, name)
      state.out.push(
        body(field, 'present', absent, `${field} is in the recording, not in the mock's answer`),
      )
    }
  }
  for (const name of mockNames) {
    if (!inRecording.has(name)) {
      const field = join(path, name)
      state.out.push(
        body(field, absent, 'present', `${field} is in the mock's answer, not in the recording`),
      )
    }
  }
}

/** The fields both sides have, in another order: said once, at the first that moved. */
function compareOrder(
  state: ShapeWalk,
  path: string,
  recordedNames: readonly string[],
  mockNames: readonly string[],
): void {
  const inMock = new Set(mockNames)
  const inRecording = new Set(recordedNames)
  const recordedOrder = recordedNames.filter((name) => inMock.has(name))
  const mockOrder = mockNames.filter((name) => inRecording.has(name))
  if (recordedOrder.join(',') === mockOrder.join(',')) return
  const at = recordedOrder.findIndex((name, index) => mockOrder[index] !== name)
  const field = recordedOrder[at] ?? ''
  state.out.push(
    body(
      join(path, field),
      `field ${at + 1} of ${path || 'the body'}`,
      `field ${mockOrder.indexOf(field) + 1}`,
      `${path || 'the body'}'s fields are in another order: ${recordedOrder.join(', ')} in the recording, ${mockOrder.join(', ')} in the mock's answer`,
    ),
  )
}

/** Children of the same name are paired in turn, and walked. */
function walkFields(state: ShapeWalk, { path, recordedFields, mockFields }: ObjectPair): void {
  const mockByName = new Map<string, Shape[]>()
  for (const [name, shape] of mockFields) {
    mockByName.set(name, [...(mockByName.get(name) ?? []), shape])
  }
  const seen = new Map<string, number>()
  const repeated = (name: string): boolean =>
    recordedFields.filter(([other]) => other === name).length > 1 ||
    (mockByName.get(name)?.length ?? 0) > 1
  for (const [name, shape] of recordedFields) {
    const index = seen.get(name) ?? 0
    seen.set(name, index + 1)
    const other = mockByName.get(name)?.[index]
    if (other === undefined) continue
    walk(state, shape, other, repeated(name) ? `${join(path, name)}[${index}]` : join(path, name))
  }
}
