import { constants, type Stats } from 'node:fs'
import { open } from 'node:fs/promises'

/**
 * The text of a file the user named, read without blocking the server: asynchronously, at most
 * `maxBytes`, and only from a regular file. A FIFO, a device or a socket (or a link to one) is
 * refused before a byte is read: the type is taken from the opened handle, not the path, so a
 * rename in between cannot swap it, and the open cannot wait for a writer (O_NONBLOCK). Throws
 * an Error whose message says what is wrong with the file, never what it holds.
 * @example const text = await readBoundedText('db.json', 64 * 1024 * 1024)
 */
export async function readBoundedText(path: string, maxBytes: number): Promise<string> {
  let handle
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  } catch (error) {
    // Opening a Unix socket is ENXIO ("no such device or address"): say what it is.
    if ((error as NodeJS.ErrnoException).code === 'ENXIO') throw new Error(notRegular('a socket'))
    throw error
  }
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) throw new Error(notRegular(kindOf(stat)))
    if (stat.size > maxBytes) throw new Error(tooLarge(stat.size, maxBytes))
    // One byte more than the file had: a file that grew since the stat is still seen to grow.
    let buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1)
    let length = 0
    for (;;) {
      if (length === buffer.length) {
        if (length > maxBytes) throw new Error(tooLarge(null, maxBytes))
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, maxBytes + 1))
        buffer.copy(grown, 0, 0, length)
        buffer = grown
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null)
      if (bytesRead === 0) break
      length += bytesRead
    }
    return buffer.toString('utf8', 0, length)
  } finally {
    await handle.close()
  }
}

function kindOf(stat: Stats): string {
  if (stat.isFIFO()) return 'a FIFO (named pipe)'
  if (stat.isCharacterDevice()) return 'a character device'
  if (stat.isBlockDevice()) return 'a block device'
  if (stat.isSocket()) return 'a socket'
  if (stat.isDirectory()) return 'a directory'
  return 'not a regular file'
}

function notRegular(kind: string): string {
  return `is ${kind}, not a regular file: only a regular file (or a link to one) is read`
}

/** `size` null: the file grew past the cap while it was read. */
function tooLarge(size: number | null, maxBytes: number): string {
  const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
  const what = size === null ? 'grew while it was read' : `is ${mib(size)}`
  return `${what}, over the limit of ${mib(maxBytes)}`
}
