import { open, rename } from 'node:fs/promises'
import { dirname } from 'node:path'

/**
 * Writes `pieces` to `temporary`, forces it to disk, renames it over `path`, then forces the
 * directory. A killed process leaves the old file or the new one, whole, since the rename comes
 * only after every piece is written; the two syncs make that hold after a crash of the machine
 * too, where the file system could otherwise put the rename on disk before the data.
 * @example await writeAtomically('state.json', 'state.json.123.tmp', ['{"a":', '1}'])
 */
export async function writeAtomically(
  path: string,
  temporary: string,
  pieces: Iterable<string>,
): Promise<void> {
  const file = await open(temporary, 'w')
  try {
    for (const piece of pieces) {
      const bytes = Buffer.from(piece)
      let offset = 0
      while (offset < bytes.length) {
        offset += (await file.write(bytes, offset)).bytesWritten
      }
    }
    await file.sync()
  } finally {
    await file.close()
  }
  await rename(temporary, path)
  await syncDirectory(dirname(path))
}

/** Makes a rename durable; where a directory cannot be opened (Windows), it is left as it is. */
export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r').catch(() => undefined)
  if (!handle) return
  try {
    await handle.sync()
  } catch {
    // Some file systems refuse fsync on a directory; the rename stands all the same.
  } finally {
    await handle.close()
  }
}
