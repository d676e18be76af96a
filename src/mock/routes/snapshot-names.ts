import type { StoreSnapshot } from '../../store/index.ts'

/** A snapshot saved under a name (`POST /__mock/snapshots/{name}`). */
export interface NamedSnapshot {
  readonly snapshot: StoreSnapshot
  readonly savedAt: string
}

/** The longest snapshot name, in characters. */
export const maxSnapshotNameLength = 200

/** Why a snapshot may not be saved under `name` (a new name past the cap), or undefined. */
export function refuseSnapshot(
  name: string,
  saved: ReadonlySet<string> | ReadonlyMap<string, unknown>,
  max: number,
): string | undefined {
  if (name.length > maxSnapshotNameLength) {
    return `Failed to save the snapshot: its name has ${name.length} characters, over the limit of ${maxSnapshotNameLength}`
  }
  // Saving under a name already saved replaces that snapshot, so it never passes the cap.
  if (!saved.has(name) && saved.size >= max) {
    return `Failed to save snapshot '${name}': ${saved.size} snapshots are saved, the limit (--max-snapshots ${max}); delete one first (DELETE /__mock/snapshots/<name>)`
  }
  return undefined
}
