import { renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exitWithin, startCli, tempDir, waitFor, waitForStart } from '../support/index.ts'

// Issue 15: `--watch` reloads the `--data` file when it changes, refuses a broken change with a
// message naming the field, and the dashboard's notices show both.

interface Notice {
  level: string
  message: string
}

async function keysOf(origin: string, headers: Record<string, string> = {}): Promise<string[]> {
  const state = (await (await fetch(`${origin}/__mock/state`, { headers })).json()) as {
    Comments: { Key: string }[]
  }
  return state.Comments.map((comment) => comment.Key)
}

async function noticesOf(origin: string): Promise<Notice[]> {
  return ((await (await fetch(`${origin}/__mock/notices`)).json()) as { notices: Notice[] }).notices
}

/** Asks `check` until it holds: the reload is an event seen only through the mock's answers. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  await waitFor(what, async () => ((await check()) ? true : undefined), 10_000, 50)
}

function dataFile(comments: unknown[]): string {
  const path = join(tempDir(), 'db.json')
  writeFileSync(path, JSON.stringify({ Comments: comments }))
  return path
}

describe('--data with --watch', () => {
  it('reloads the file when it changes, also when a save renames a new file over it', async () => {
    const file = dataFile([{ Key: 'first' }])
    const run = startCli(['--port', '0', '--no-log', '--data', file, '--watch'])
    const origin = await waitForStart(run)
    // A session made before the reload keeps its data until it resets.
    expect(await keysOf(origin, { 'X-Mock-Session': 'before' })).toEqual(['first'])

    writeFileSync(file, JSON.stringify({ Comments: [{ Key: 'second' }, { Key: 'third' }] }))
    await until('the reload', async () => (await keysOf(origin)).includes('second'))
    expect(await keysOf(origin)).toEqual(['second', 'third'])
    expect(run.stderr()).toMatch(/reloaded .*db\.json: 2 Comments/)
    expect((await noticesOf(origin)).at(-1)).toMatchObject({
      level: 'info',
      message: 'Reloaded db.json: 2 Comments',
    })

    const replacement = `${file}.tmp`
    writeFileSync(replacement, JSON.stringify({ Comments: [{ Key: 'renamed' }] }))
    renameSync(replacement, file)
    await until('the renamed file', async () => (await keysOf(origin)).includes('renamed'))
    expect(await keysOf(origin)).toEqual(['renamed'])

    expect(await keysOf(origin, { 'X-Mock-Session': 'before' })).toEqual(['first'])
    await fetch(`${origin}/__mock/reset`, {
      method: 'POST',
      headers: { 'X-Mock-Session': 'before' },
    })
    expect(await keysOf(origin, { 'X-Mock-Session': 'before' })).toEqual(['renamed'])
  })

  it.each([
    { behaviour: 'JSON that does not parse', text: '{"Comments": [{"Key": ', field: /JSON/ },
    {
      behaviour: 'a value of the wrong type',
      text: JSON.stringify({ Comments: [{ Key: 'k', Rating: 'five' }] }),
      field: /Comments\[0\]\.Rating/,
    },
  ])('refuses $behaviour, naming it, and keeps the running state', async ({ text, field }) => {
    const file = dataFile([{ Key: 'kept' }])
    const run = startCli(['--port', '0', '--no-log', '--data', file, '--watch'])
    const origin = await waitForStart(run)
    writeFileSync(file, text)
    await until('a notice', async () => (await noticesOf(origin)).length > 0)
    const [notice] = await noticesOf(origin)
    expect(notice?.level).toBe('error')
    expect(notice?.message).toMatch(field)
    expect(run.stderr()).toMatch(/kept the running state: .*db\.json/)
    expect(run.stderr()).toMatch(field)
    expect(await keysOf(origin)).toEqual(['kept'])
    // A reset still returns to the last good file.
    await fetch(`${origin}/__mock/reset`, { method: 'POST' })
    expect(await keysOf(origin)).toEqual(['kept'])
  })

  it('stops the start for --watch without --data', async () => {
    const run = startCli(['--port', '0', '--watch'])
    expect(await exitWithin(run, 10_000)).toBe(2)
    expect(run.stderr()).toMatch(/--watch reloads a --data file/)
  })
})
