import type { DtoDef } from '../../model/index.ts'
import type { StoreState } from '../../store/index.ts'
import { defaultWriteOptions, writeJson } from '../../wire/index.ts'
import {
  bindStateEntity,
  parseObject,
  stateCollections,
  type ParsedStateFile,
  type StateCollectionName,
} from './state-document.ts'

/**
 * One line of the state file's change log: the entity as the state file writes it under its
 * collection's name (`{"Comments":{…},"Generated":12}`), or a delete (`{"Comments":null,
 * "Key":"…","Generated":12}`). Each line holds the whole entity, so replaying a log over any
 * state that already holds some of its changes gives the same state: the last line of a key wins.
 */
export function stateLogLine(
  kind: keyof StoreState,
  key: string,
  value: object | undefined,
  generated: number,
): string {
  const { name, dto } = stateCollections.find(
    (c) => c.key === kind,
  ) as (typeof stateCollections)[number]
  const entity =
    value === undefined
      ? `null,"Key":${JSON.stringify(key)}`
      : writeJson(dto as DtoDef, value, defaultWriteOptions)
  return `{"${name}":${entity},"Generated":${generated}}\n`
}

/** What replaying a log did. */
export interface ReplayedLog {
  /** Lines applied. */
  readonly lines: number
  /** A last line cut short (the process was killed while writing it): left out. */
  readonly cutShort: boolean
}

/**
 * Applies a change log's lines to a state file just read, in order. A last line without its
 * newline was being written when the process died, and is left out; any other line that does
 * not read is an error naming the log's line, as a broken state file is.
 */
export function replayStateLog(
  file: ParsedStateFile,
  text: string,
  now: Date,
  logName: string,
): ParsedStateFile & ReplayedLog {
  const lines = text.split('\n')
  // The text after the last newline: empty, or a line cut short.
  const tail = lines.pop() ?? ''
  let generated = file.generated
  lines.forEach((line, index) => {
    const where = `${logName} line ${index + 1}`
    const record = parseObject(line, where)
    const name = stateCollections.find((c) => Object.hasOwn(record, c.name))?.name
    if (name === undefined) throw new Error(`Failed to read ${where}: it names no collection`)
    const collection = file.state[
      (stateCollections.find((c) => c.name === name) as (typeof stateCollections)[number]).key
    ] as Map<string, object>
    const entity = record[name]
    if (entity === null) {
      if (typeof record.Key !== 'string') throw new Error(`Failed to read ${where}: no 'Key'`)
      collection.delete(record.Key)
    } else {
      const { id, value } = bindStateEntity(name as StateCollectionName, entity, where, now)
      // Updated in place where the key was, new keys at the end, as the store orders them.
      collection.set(id, value)
    }
    if (Number.isInteger(record.Generated)) generated = record.Generated as number
  })
  return { ...file, generated, lines: lines.length, cutShort: tail.trim() !== '' }
}
