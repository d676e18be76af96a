import type { SnapshotsDocument } from '../../control/control-documents.ts'
import { fail, json, noContent } from './control-answers.ts'
import type { Session } from '../sessions.ts'
import { refuseSnapshot } from './snapshot-names.ts'

/** `/__mock/snapshots[/{name}]` of one state: list, save, restore and delete. */
export function snapshotRoute(
  method: string,
  name: string | undefined,
  session: Session,
  maxSnapshots: number,
): Response | undefined {
  const { snapshots, store } = session
  if (name === undefined) {
    if (method !== 'GET') return undefined
    return json({
      snapshots: [...snapshots].map(([key, saved]) => ({
        name: key,
        seed: saved.snapshot.seed,
        savedAt: saved.savedAt,
      })),
    } satisfies SnapshotsDocument)
  }
  switch (method) {
    case 'POST': {
      const refused = refuseSnapshot(name, snapshots, maxSnapshots)
      if (refused) return fail(400, 'ArgumentException', refused)
      const saved = { snapshot: store.snapshot(), savedAt: new Date().toISOString() }
      snapshots.set(name, saved)
      return json({ name, seed: saved.snapshot.seed, savedAt: saved.savedAt }, 201)
    }
    case 'PUT': {
      const saved = snapshots.get(name)
      if (!saved)
        return fail(404, 'NotFound', `Failed to restore snapshot '${name}': no such snapshot`)
      store.restore(saved.snapshot)
      return json({ name, seed: saved.snapshot.seed, savedAt: saved.savedAt })
    }
    case 'DELETE':
      return snapshots.delete(name)
        ? noContent()
        : fail(404, 'NotFound', `Failed to delete snapshot '${name}': no such snapshot`)
  }
  return undefined
}
