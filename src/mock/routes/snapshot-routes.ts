import type { SnapshotsDocument } from '../../control/control-documents.ts'
import { fail, json, noContent } from './control-answers.ts'
import type { StateCall } from './control-call.ts'
import { refuseSnapshot } from './snapshot-names.ts'

// `/__mock/snapshots[/{name}]` of one state: list, save, restore and delete.

export function listSnapshots({ session }: StateCall): Response {
  return json({
    snapshots: [...session.snapshots].map(([key, saved]) => ({
      name: key,
      seed: saved.snapshot.seed,
      savedAt: saved.savedAt,
    })),
  } satisfies SnapshotsDocument)
}

export function saveSnapshot({ session, params, deps }: StateCall): Response {
  const name = params.name as string
  const refused = refuseSnapshot(name, session.snapshots, deps.maxSnapshots)
  if (refused) return fail(400, 'ArgumentException', refused)
  const saved = { snapshot: session.store.snapshot(), savedAt: new Date().toISOString() }
  session.snapshots.set(name, saved)
  return json({ name, seed: saved.snapshot.seed, savedAt: saved.savedAt }, 201)
}

export function restoreSnapshot({ session, params }: StateCall): Response {
  const name = params.name as string
  const saved = session.snapshots.get(name)
  if (!saved) return fail(404, 'NotFound', `Failed to restore snapshot '${name}': no such snapshot`)
  session.store.restore(saved.snapshot)
  return json({ name, seed: saved.snapshot.seed, savedAt: saved.savedAt })
}

export function deleteSnapshot({ session, params }: StateCall): Response {
  const name = params.name as string
  return session.snapshots.delete(name)
    ? noContent()
    : fail(404, 'NotFound', `Failed to delete snapshot '${name}': no such snapshot`)
}
