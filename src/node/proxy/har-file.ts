import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'

export interface HarFile {
  /**
   * Writes these entries (each one JSON text) after the file's last one, with the file's end
   * after them, in one write at the place the old end began: the file is valid HAR after each
   * call, and nothing before that place is written again.
   */
  append(entries: readonly string[]): Promise<void>
  /** Forces what was appended to disk. */
  sync(): Promise<void>
  /** How many entries the file holds: those it had when opened, and those appended since. */
  readonly entries: number
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

/**
 * Opens a HAR file to append to (`--record`): a missing or empty file becomes a HAR with no
 * entries; a HAR keeps its entries, and new ones follow them. Anything else is refused with an
 * error saying what it is, and left as it was.
 */
export function openHarFile(path: string, creatorVersion: string): HarFile {
  const text = existingText(path)
  let tail: Tail
  if (text === undefined || text.trim() === '') {
    const head = `{"log":{"version":"1.2","creator":{"name":"restapi-mock","version":${JSON.stringify(creatorVersion)}},"entries":[`
    const end = '\n]}}\n'
    writeFileSync(path, head + end)
    tail = { position: Buffer.byteLength(head), bytes: Buffer.from(end), empty: true, count: 0 }
  } else {
    tail = findTail(text, path)
  }
  let { position, empty, count } = tail
  let handle: FileHandle | undefined
  return {
    get entries() {
      return count
    },
    async append(entries) {
      if (entries.length === 0) return
      const added = Buffer.from(`${empty ? '' : ','}\n${entries.join(',\n')}`)
      const bytes = Buffer.concat([added, tail.bytes])
      handle ??= await open(path, 'r+')
      let written = 0
      while (written < bytes.length) {
        written += (await handle.write(bytes, written, bytes.length - written, position + written))
          .bytesWritten
      }
      // Only now: a write that failed part way is made again over the same place.
      position += added.length
      empty = false
      count += entries.length
    },
    async sync() {
      await handle?.sync()
    },
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
 * The index of the `]` that closes `log.entries` in a text known to be JSON holding one: one
 * pass that follows strings and nesting only, remembering the name each container came under.
 * Where a name repeats, the last one counts, as in `JSON.parse`.
 */
function entriesEnd(text: string, start: number): number {
  const names: (string | null)[] = []
  let name: string | null = null
  let found = -1
  // From one character that matters to the next: most of a HAR is inside strings.
  const marks = /["{}[\],]/g
  marks.lastIndex = start
  for (let match = marks.exec(text); match; match = marks.exec(text)) {
    const i = match.index
    const c = match[0]
    if (c === '"') {
      const end = stringEnd(text, i)
      let next = end + 1
      while (/\s/.test(text.charAt(next))) next++
      if (text.charAt(next) === ':') name = JSON.parse(text.slice(i, end + 1)) as string
      marks.lastIndex = end + 1
    } else if (c === '{' || c === '[') {
      names.push(name)
      name = null
    } else if (c === '}' || c === ']') {
      if (c === ']' && names.length === 3 && names[1] === 'log' && names[2] === 'entries') {
        found = i
      }
      names.pop()
    } else name = null
  }
  return found
}

/** The index of the quote that closes the string opened at `open`. */
function stringEnd(text: string, open: number): number {
  let i = open + 1
  for (;;) {
    const quote = text.indexOf('"', i)
    let backslashes = 0
    while (text.charAt(quote - 1 - backslashes) === '\\') backslashes++
    if (backslashes % 2 === 0) return quote
    i = quote + 1
  }
}
