import {
  appendFileSync,
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { replayStateLog, parseStateFile, stateFileJson } from '../../src/control/index.ts'
import { createStore, type Store } from '../../src/index.ts'
import { attachStateFile, readStateFile } from '../../src/node/state-file/state-file.ts'
import { commentKey, now, tempDir, waitFor } from '../support/index.ts'

// Issue 26, point 10: the state file's change log, written before each answer and replayed at
// start. A copy of the directory taken while a mock runs stands for what a kill -9 leaves.

function update(store: Store, key: string, message: string): void {
  const id = key.toLowerCase()
  const comment = store.state.comments.get(id)
  if (!comment) throw new Error(`Failed to update: no comment ${key}`)
  store.state.comments.set(id, { ...comment, Message: message })
  store.changed()
}

/** A mock's state file in a directory of its own, flushed, then one update in its log. */
async function running(): Promise<{ dir: string; path: string; store: Store; key: string }> {
  const dir = tempDir()
  const path = join(dir, 'state.json')
  const store = createStore({ seed: 1 })
  const file = attachStateFile(store, path)
  onTestFinished(() => file.close())
  await file.flush()
  const key = commentKey(store)
  update(store, key, 'In the log only.')
  return { dir, path, store, key }
}

/** What a kill -9 leaves: the directory as it is now, copied. */
function killedCopy(dir: string): string {
  const copy = tempDir()
  cpSync(dir, copy, { recursive: true })
  return join(copy, 'state.json')
}

describe('the state file change log', () => {
  it('holds a change as soon as it is made, and a restart replays it', async () => {
    const { dir, key } = await running()
    const path = killedCopy(dir)
    expect(readFileSync(path, 'utf8')).not.toContain('In the log only.')
    const restarted = createStore({ seed: 1 })
    const file = attachStateFile(restarted, path)
    onTestFinished(() => file.close())
    expect(restarted.state.comments.get(key.toLowerCase())?.Message).toBe('In the log only.')
  })

  it('leaves out a last line cut short by a kill, and appends the next ones on lines of their own', async () => {
    const { dir, key, store } = await running()
    const path = killedCopy(dir)
    const [log = ''] = readdirSync(join(path, '..')).filter((name) => name.endsWith('.log'))
    appendFileSync(join(path, '..', log), '{"Comments":{"Key":"cut sh')
    const restarted = createStore({ seed: 1 })
    const file = attachStateFile(restarted, path)
    expect(restarted.state.comments.get(key.toLowerCase())?.Message).toBe('In the log only.')
    const other = commentKey(store, 1)
    update(restarted, other, 'After the restart.')
    await file.close()
    const again = readStateFile(path, now)
    expect(again.state.comments.get(other.toLowerCase())?.Message).toBe('After the restart.')
    expect(again.state.comments.get(key.toLowerCase())?.Message).toBe('In the log only.')
  })

  it('ignores and removes a log that the file does not name (a kill during a full write)', async () => {
    const { dir, key } = await running()
    const path = killedCopy(dir)
    const generation = parseStateFile(readFileSync(path, 'utf8'), now).log as number
    const newer = `${path}.${generation + 1}.log`
    writeFileSync(
      newer,
      `${readFileSync(`${path}.${generation}.log`, 'utf8')}`.replace(
        'In the log only.',
        "Not the file's.",
      ),
    )
    expect(readStateFile(path, now).state.comments.get(key.toLowerCase())?.Message).toBe(
      'In the log only.',
    )
    const file = attachStateFile(createStore({ seed: 1 }), path)
    onTestFinished(() => file.close())
    // Removed, or begun anew by the first full write (which takes the next number).
    const left = existsSync(newer) ? readFileSync(newer, 'utf8') : ''
    expect(left).not.toContain("Not the file's.")
  })

  it('after a reset, holds the state from before it until the full write after it lands', async () => {
    const { dir, path, store, key } = await running()
    store.reset(5)
    // The reset is not in any log: a kill now leaves the state just before it.
    const killedNow = readStateFile(killedCopy(dir), now)
    expect(killedNow.seed).toBe(1)
    expect(killedNow.state.comments.get(key.toLowerCase())?.Message).toBe('In the log only.')
    // Changes after the reset are not applied to the state before it.
    update(store, commentKey(store, 2), 'After the reset.')
    expect(
      JSON.stringify([...readStateFile(killedCopy(dir), now).state.comments.values()]),
    ).not.toContain('After the reset.')
    // Once the full write after it is done, the file holds the reset and what came after.
    const later = await waitFor(
      'the full write after the reset',
      () => {
        const state = readStateFile(path, now)
        return state.seed === 5 ? state : undefined
      },
      5000,
    )
    expect(later.state.comments.get(commentKey(store, 2).toLowerCase())?.Message).toBe(
      'After the reset.',
    )
  })

  it('answers a broken line in the middle of a log with an error naming the log and its line', () => {
    const file = parseStateFile(stateFileJson(createStore({ seed: 1 }).snapshot()), now)
    expect(() =>
      replayStateLog(file, '{"Comments":{"Key":"a"}}\nnot json\n{}\n', now, 'state.json.2.log'),
    ).toThrow(/state\.json\.2\.log line 2: not JSON/)
  })
})
