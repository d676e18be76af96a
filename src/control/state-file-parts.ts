import type { DtoDef } from '../model/index.ts'
import type { StoreSnapshot } from '../store/index.ts'
import { defaultWriteOptions, writeJson } from '../wire/index.ts'
import { stateCollections } from './state-document.ts'

interface TakenCollection {
  readonly name: string
  readonly dto: DtoDef
  readonly values: readonly object[]
}

/**
 * The state file, the same text as `stateFileJson`, in pieces of about `pieceChars` characters:
 * a big state is then written without holding the event loop, or a whole copy in memory, for
 * the time it takes. The entities are taken at the call, so the pieces show the state of that
 * instant however it changes while they are written: the operations replace a changed entity
 * in its collection and never modify one in place.
 * @example for (const piece of stateFileParts(store)) await file.write(piece)
 */
export function stateFileParts(snapshot: StoreSnapshot, pieceChars = 64 * 1024): Iterable<string> {
  const head = `{"Seed":${snapshot.seed},"Generated":${snapshot.generated},`
  const taken: TakenCollection[] = stateCollections.map(({ name, key, dto }) => ({
    name,
    dto: dto as DtoDef,
    values: Array.from(snapshot.state[key].values() as Iterable<object>),
  }))
  return pieces(head, taken, pieceChars)
}

function* pieces(
  head: string,
  taken: readonly TakenCollection[],
  pieceChars: number,
): Generator<string> {
  let piece = head
  for (const [index, { name, dto, values }] of taken.entries()) {
    piece += `${index === 0 ? '' : ','}"${name}":[`
    for (let i = 0; i < values.length; i++) {
      piece += `${i === 0 ? '' : ','}${writeJson(dto, values[i] as object, defaultWriteOptions)}`
      if (piece.length >= pieceChars) {
        yield piece
        piece = ''
      }
    }
    piece += ']'
  }
  yield `${piece}}`
}
