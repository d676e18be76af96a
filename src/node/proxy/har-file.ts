import { constants, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { copyFile, open as openFile, rename, rm } from 'node:fs/promises'
import { dirname } from 'node:path'
import { removeStaleTemporaries, temporaryName } from '../state-file/state-file-names.ts'
import { syncDirectory } from '../state-file/write-atomically.ts'
import { entriesEnd, lastWholeEntry } from './entries-end.ts'

export interface HarFile {
  /**
   * Writes these entries (each one JSON text) after the file's last one, with the file's end
   * after them: to a copy of the file beside it, synced and then renamed over it, so the file
   * on disk is always a whole HAR, the one before the call or the one after it.
   */
  append(entries: readonly string[]): Promise<void>
  /** Forces what was appended to disk (each append already has). */
  sync(): Promise<void>
  /** How many entries the file holds: those it had when opened, and those appended since. */
  readonly entries: number
  /** What opening repaired, as a sentence: a file cut off mid-entry is kept to its last whole one. */
  readonly repaired: string | undefined
}

/** Where a HAR text's `log.entries` list ends: the place to append at, and what follows it. */
interface Tail {
  /** Byte offset just past the last entry (or past `[` when there is none). */
  readonly position: number
  /** The bytes from there on: the closing `]` and the rest of the document. */
  readonly bytes: Buffer
  readonly empty: boolean
  /** How many entries come before it. */
  readonly count: number
}

const harEnd = '\n]}}\n'

/**
 * Opens a HAR file to append to (`--record`): a missing or empty file becomes a HAR with no
 * entries; a HAR keeps its entries, and new ones follow them. A HAR cut off part way (a kill or
 * a full disk in the middle of a write by an older version, a copy cut short) is repaired up to
 * its last whole entry, and `repaired` says so. Anything else is refused with an error saying
 * what it is, and left as it was. Every write replaces the file whole (write, sync, rename).
 */
export function openHarFile(path: string, creatorVersion: string): HarFile {
  removeStaleTemporaries(path)
  const temporary = temporaryName(path, process.pid)
  let text = existingText(path)
  let repaired: string | undefined
  let tail: Tail
  if (text === undefined || text.trim() === '') {
    const head = `{"log":{"version":"1.2","creator":{"name":"restapi-mock","version":${JSON.stringify(creatorVersion)}},"entries":[`
    replaceSync(path, temporary, head + harEnd)
    tail = { position: Buffer.byteLength(head), bytes: Buffer.from(harEnd), empty: true, count: 0 }
  } else {
    const cut = repairedText(text)
    if (cut) {
      replaceSync(path, temporary, cut.text)
      const dropped = Buffer.byteLength(text) - Buffer.byteLength(cut.text) + harEnd.length
      repaired =
        `the recording ${path} was cut off part way through an entry: repaired, its ` +
        `${cut.count} whole entries kept and the ${dropped} bytes after them dropped`
      text = cut.text
    }
    tail = findTail(text, path)
  }
  const { position, empty, count } = tail
  const open: OpenHar = { path, temporary, tail, position, empty, count }
  return {
    get entries() {
      return open.count
    },
    repaired,
    append: (entries) => appendEntries(open, entries),
    async sync() {
      // Each append synced its file and the folder.
    },
  }
}

/** A HAR file open to append to: where its entries end now, and how many it holds. */
interface OpenHar {
  readonly path: string
  readonly temporary: string
  /** The file's end as it was opened: what follows the entries. */
  readonly tail: Tail
  position: number
  empty: boolean
  count: number
}

async function appendEntries(open: OpenHar, entries: readonly string[]): Promise<void> {
  if (entries.length === 0) return
  const { path, temporary, position } = open
  const added = Buffer.from(`${open.empty ? '' : ','}\n${entries.join(',\n')}`)
  const bytes = Buffer.concat([added, open.tail.bytes])
  try {
    // A copy-on-write clone where the file system has them, else a copy.
    await copyFile(path, temporary, constants.COPYFILE_FICLONE)
    const handle = await openFile(temporary, 'r+')
    try {
      let written = 0
      while (written < bytes.length) {
        written += (await handle.write(bytes, written, bytes.length - written, position + written))
          .bytesWritten
      }
      await handle.truncate(position + bytes.length)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
  await syncDirectory(dirname(path))
  // Only now: a write that failed is made again from the same place.
  open.position += added.length
  open.empty = false
  open.count += entries.length
}

/** The whole file replaced by `text`, through a temporary file beside it. */
function replaceSync(path: string, temporary: string, text: string): void {
  try {
    writeFileSync(temporary, text, { flush: true })
    renameSync(temporary, path)
  } catch (error) {
    rmSync(temporary, { force: true })
    throw error
  }
}

/** The file's text; undefined when there is no file. */
function existingText(path: string): string | undefined {
  try {
    if (!statSync(path).isFile()) throw new Error(`--record ${path} is not a regular file`)
    return readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Where the entries of a HAR text end; an error when the text is not HAR. */
function findTail(text: string, path: string): Tail {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0
  let document: unknown
  try {
    document = JSON.parse(text.slice(start))
  } catch (error) {
    // On one line, however the parser quotes the text.
    const reason = (error as Error).message.replace(/\s+/g, ' ').slice(0, 160)
    throw new Error(`--record ${path} is not a HAR file (not JSON: ${reason})`, { cause: error })
  }
  const entries = (document as { log?: { entries?: unknown } } | null)?.log?.entries
  if (!Array.isArray(entries)) {
    throw new Error(`--record ${path} is not a HAR file (it has no log.entries list)`)
  }
  const close = entriesEnd(text, start)
  let last = close - 1
  while (/\s/.test(text.charAt(last))) last--
  return {
    position: Buffer.byteLength(text.slice(0, last + 1)),
    bytes: Buffer.from(text.slice(last + 1)),
    empty: text.charAt(last) === '[',
    count: entries.length,
  }
}

/**
 * A HAR text cut off inside `log.entries` made whole again: up to the end of its last whole
 * entry, then the ends of the list, of `log` and of the document. Undefined when the text is
 * JSON already, or when it is not a HAR that was cut (then it is refused as it is).
 */
function repairedText(text: string): { text: string; count: number } | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0
  try {
    JSON.parse(text.slice(start))
    return undefined
  } catch {
    // Cut, perhaps: the scan below tells.
  }
  const keep = lastWholeEntry(text, start)
  if (keep === undefined) return undefined
  const repaired = text.slice(0, keep) + harEnd
  try {
    const entries = (JSON.parse(repaired.slice(start)) as { log: { entries: unknown[] } }).log
      .entries
    return { text: repaired, count: entries.length }
  } catch {
    // Broken before its cut: not a HAR this can mend.
    return undefined
  }
}
