import { execFileSync } from 'node:child_process'
import { openSync, closeSync, ftruncateSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exitWithin, startCli, tempDir, waitFor, waitForStart } from '../support/index.ts'

// Issue 26, point 11, against the running command: `--data FILE --watch` replaced by a FIFO, a
// link to /dev/zero, a 65 MiB file or a link to /etc/passwd. Each is refused with a notice that
// names the file and never quotes it, and the server answers throughout. Before, the first two
// froze the server for good, and the last put the file's first line into the notices.

interface Notice {
  level: string
  message: string
}

/** Every request here gives up after this long: a frozen server fails the test, not the run. */
const hangMs = 5_000

async function get(origin: string, path: string): Promise<Response> {
  return fetch(`${origin}${path}`, { signal: AbortSignal.timeout(hangMs) })
}

async function noticesOf(origin: string): Promise<Notice[]> {
  return ((await (await get(origin, '/__mock/notices')).json()) as { notices: Notice[] }).notices
}

async function keysOf(origin: string): Promise<string[]> {
  const state = (await (await get(origin, '/__mock/state')).json()) as {
    Comments: { Key: string }[]
  }
  return state.Comments.map((comment) => comment.Key)
}

/** Starts the command on a good file, replaces it with `replace`, returns the error notice. */
async function refusalAfter(replace: (file: string) => void): Promise<{
  notice: Notice
  origin: string
  stderr: () => string
}> {
  const file = join(tempDir(), 'db.json')
  writeFileSync(file, JSON.stringify({ Comments: [{ Key: 'kept' }] }))
  const run = startCli(['--port', '0', '--no-log', '--data', file, '--watch'])
  const origin = await waitForStart(run)
  replace(file)
  const notice = await waitFor(
    'an error notice',
    async () => (await noticesOf(origin)).find((each) => each.level === 'error'),
    10_000,
    50,
  )
  return { notice, origin, stderr: () => run.stderr() }
}

/** Puts `make(path)`'s file where the watched one is, as one rename. */
function replaceWith(make: (path: string) => void): (file: string) => void {
  return (file) => {
    const next = `${file}.next`
    make(next)
    renameSync(next, file)
  }
}

describe('--data --watch with a file that is not plain JSON', () => {
  it.each([
    {
      what: 'a FIFO',
      make: (path: string) => execFileSync('mkfifo', [path]),
      reason: /is a FIFO \(named pipe\), not a regular file/,
    },
    {
      what: 'a link to /dev/zero',
      make: (path: string) => symlinkSync('/dev/zero', path),
      reason: /is a character device, not a regular file/,
    },
    {
      what: 'a 65 MiB file',
      make: (path: string) => {
        // Sparse: 65 MiB long, and next to nothing on the disk.
        const fd = openSync(path, 'w')
        ftruncateSync(fd, 65 * 1024 * 1024)
        closeSync(fd)
      },
      reason: /is 65\.0 MiB, over the limit of 64\.0 MiB/,
    },
    {
      what: 'a link to /etc/passwd',
      make: (path: string) => symlinkSync('/etc/passwd', path),
      reason: /is not JSON: unexpected character at line 1 column 1/,
    },
  ])('refuses $what, naming the file, and keeps answering', async ({ make, reason }) => {
    const { notice, origin, stderr } = await refusalAfter(replaceWith(make))
    expect(notice.message).toMatch(/^Kept the running state: db\.json: /)
    expect(notice.message).toMatch(reason)
    expect(notice.message).not.toContain('root:')
    expect(stderr()).toMatch(/kept the running state: .*db\.json: /)
    expect(stderr()).not.toContain('root:')
    expect(await keysOf(origin)).toEqual(['kept'])
    expect((await get(origin, '/__mock/settings')).status).toBe(200)
  })

  it('stops the start on a FIFO, naming it, rather than waiting for a writer', async () => {
    const fifo = join(tempDir(), 'db.json')
    execFileSync('mkfifo', [fifo])
    const run = startCli(['--port', '0', '--data', fifo])
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toContain(`could not load --data ${fifo}: is a FIFO (named pipe)`)
  })
})
