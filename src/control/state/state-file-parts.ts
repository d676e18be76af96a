import type { Store } from '../../store/index.ts'
import { statePieces } from './state-pieces.ts'

/**
 * The state file, the same text as `stateFileJson`, in pieces of about `pieceChars` characters
 * (see statePieces). The state is taken at the call as a snapshot, so the pieces show the state
 * of that instant however it changes while they are written. With `log`, the file names the
 * change log that follows it (`"Log":3`: `<file>.3.log`).
 * @example for (const piece of stateFileParts(store)) await file.write(piece)
 */
export function stateFileParts(
  store: Pick<Store, 'snapshot'>,
  pieceChars = 64 * 1024,
  log?: number,
): Iterable<string> {
  const snapshot = store.snapshot()
  const head =
    `"Seed":${snapshot.seed},"Generated":${snapshot.generated},` +
    (log === undefined ? '' : `"Log":${log},`)
  return statePieces(snapshot, { head, pieceChars })
}
