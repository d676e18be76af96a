import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { stateFileJson, stateFileParts } from '../../src/control/index.ts'
import { createStore } from '../../src/index.ts'
import { attachStateFile } from '../../src/node/state-file/state-file.ts'
import {
  abTestCreate,
  abTestsPath,
  buildApp,
  commentKey,
  commentUpdate,
  commentsPath,
  tempDir,
} from '../support/index.ts'

describe('stateFileParts', () => {
  it.each([16, 1000, 64 * 1024])(
    'joins to exactly stateFileJson, in pieces of about %i characters',
    async (pieceChars) => {
      const { app, store } = buildApp({
        store: createStore({ seed: 3, counts: { comments: 300 } }),
      })
      await app.request(commentsPath, commentUpdate(commentKey(store, 5), 'Changed "quoted" é.'))
      await app.request(abTestsPath, abTestCreate('Created.'))
      const parts = Array.from(stateFileParts(store, pieceChars))
      expect(parts.join('')).toBe(stateFileJson(store.snapshot()))
      const text = parts.join('')
      // Every piece but the last reaches the size, and passes it by one entity at most.
      // In pieces of one character, each piece is one entity (with its comma or list name).
      const longestEntity = Math.max(...Array.from(stateFileParts(store, 1), (one) => one.length))
      expect(parts.length).toBeGreaterThanOrEqual(Math.floor(text.length / (pieceChars + 2000)))
      for (const part of parts.slice(0, -1)) {
        expect(part.length).toBeGreaterThanOrEqual(pieceChars)
        expect(part.length).toBeLessThan(pieceChars + longestEntity)
      }
    },
  )

  it('shows the state of the call, whatever changes while the pieces are read', async () => {
    const { app, store } = buildApp()
    const before = stateFileJson(store.snapshot())
    const pieces = stateFileParts(store, 16)[Symbol.iterator]()
    const first = pieces.next().value as string
    await app.request(commentsPath, commentUpdate(commentKey(store, 20), 'Changed meanwhile.'))
    await app.request(abTestsPath, abTestCreate('Created meanwhile.'))
    store.reset(9)
    let text = first
    for (let piece = pieces.next(); !piece.done; piece = pieces.next()) text += piece.value
    expect(text).toBe(before)
    expect(text).not.toContain('meanwhile')
  })
})

describe('attachStateFile: temporary files left behind', () => {
  it('removes the temporary files of processes that are gone and logs of older files, and only those', async () => {
    const dir = tempDir()
    const path = join(dir, 'state.json')
    writeFileSync(path, stateFileJson(createStore({ seed: 2 }).snapshot()))
    // Left by killed processes: no system gives out pids this high (Linux stops at 2^22).
    // And logs that no file names: the file below names none.
    const stale = ['state.json.99999998.tmp', 'state.json.99999999.tmp', 'state.json.7.log']
    // Not ours, or of a process still running (the test runner's parent), or not a temp name.
    const kept = [
      `state.json.${process.ppid}.tmp`,
      'state.json.tmp',
      'state.json.abc.tmp',
      'state.json.123.tmp.bak',
      'other.json.99999999.tmp',
      'state.json.x.log',
    ]
    for (const name of [...stale, ...kept]) writeFileSync(join(dir, name), '{"Seed":1,')
    const store = createStore({ seed: 1 })
    const file = attachStateFile(store, path)
    onTestFinished(() => file.close())
    // Removed at once; only the first write's own temporary file and new log may be there now.
    const own = `state.json.${process.pid}.tmp`
    expect(
      readdirSync(dir)
        .filter((name) => name !== own)
        .sort(),
    ).toEqual([...kept, 'state.json', 'state.json.1.log', 'state.json.lock'].sort())
    expect(store.seed).toBe(2)
    await file.flush()
    expect(readdirSync(dir).sort()).toEqual(
      [...kept, 'state.json', 'state.json.2.log', 'state.json.lock'].sort(),
    )
    expect(readFileSync(path, 'utf8').replace('"Log":2,', '')).toBe(
      stateFileJson(createStore({ seed: 2 }).snapshot()),
    )
  })
})
