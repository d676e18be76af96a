import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { parseStateFile, stateFileJson } from '../../src/control/index.ts'
import { createStore, type Store } from '../../src/index.ts'
import { stateJson } from '../../handlers/index.ts'
import {
  attachStateFile,
  readStateFile,
  type StateFile,
} from '../../src/node/state-file/state-file.ts'
import {
  abTestCreate,
  abTestsPath,
  commentKey,
  commentUpdate,
  commentsPath,
  control,
  createPlane,
  delay,
  fakeTimeouts,
  now,
  readJson,
  settleUntil,
  stateText,
  waitFor,
  ways,
} from '../support/index.ts'
import { fileContaining, savedState, tempFile, withoutLog } from './state-file-helpers.ts'

/** A state file on the store, closed when the test ends. */
function attach(store: Store, path: string): StateFile {
  const file = attachStateFile(store, path)
  onTestFinished(() => file.close())
  return file
}

/** The generation of the file's change log (`"Log":3`), which each full write moves on. */
function generationOf(path: string): number {
  const generation = /^\{"Seed":\d+,"Generated":\d+,"Log":(\d+),/.exec(
    readFileSync(path, 'utf8'),
  )?.[1]
  if (generation === undefined) throw new Error(`Failed to read the generation of ${path}`)
  return Number(generation)
}

/** The Message of a comment in the state a state file and its log hold. */
function messageOnDisk(path: string, key: string): string | null | undefined {
  return readStateFile(path, now).state.comments.get(key.toLowerCase())?.Message
}

describe('attachStateFile: writing', () => {
  it('writes the file at once, in the state-file form of the store', async () => {
    const { path } = tempFile()
    const store = createStore({ seed: 1 })
    // At once: the first write waits on no timer (neither the write interval nor the quiet
    // second), so it lands with setTimeout faked and the clock stopped.
    fakeTimeouts()
    attach(store, path)
    const text = await settleUntil('the first write', () =>
      existsSync(path) && readFileSync(path, 'utf8').includes('"Comments"')
        ? readFileSync(path, 'utf8')
        : undefined,
    )
    expect(withoutLog(text)).toBe(stateFileJson(store.snapshot()))
    expect(text).toMatch(/^\{"Seed":1,"Generated":0,"Log":1,/)
    expect(text.startsWith('{"Seed":1,"Generated":0,')).toBe(true)
    const restored = createStore({ seed: 2 })
    restored.restore(parseStateFile(text, now))
    expect(stateJson(restored)).toBe(stateJson(store))
  })

  it.each(ways)(
    'has a change made through the service (%s) on disk, in the log, by the time it is answered',
    async (way) => {
      const { dir, path } = tempFile()
      const plane = createPlane(way)
      const file = attach(plane.store, path)
      await file.flush()
      const key = commentKey(plane.store)
      const response = await plane.request(commentsPath, commentUpdate(key, 'Written to disk.'))
      expect(response.status).toBe(200)
      expect(messageOnDisk(path, key)).toBe('Written to disk.')
      expect(readdirSync(dir).sort()).toEqual(['state.json', 'state.json.2.log', 'state.json.lock'])
      // The file itself takes it after a quiet second, the log folded into it.
      const folded = await fileContaining(path, 'Written to disk.', 10_000)
      expect(folded).toMatch(/"Log":3,/)
      await waitFor(
        'the old log removed',
        () => (existsSync(join(dir, 'state.json.2.log')) ? undefined : true),
        10_000,
      )
    },
  )

  it.each(ways)('writes resets and snapshot restores (%s)', async (way) => {
    const { path } = tempFile()
    const plane = createPlane(way)
    attach(plane.store, path)
    await control(plane, 'POST', '/__mock/snapshots/seed1')
    expect((await control(plane, 'POST', '/__mock/reset?seed=7')).status).toBe(200)
    const reseeded = await fileContaining(path, '"Seed":7', 10_000)
    expect(withoutLog(reseeded)).toBe(stateFileJson(createStore({ seed: 7 }).snapshot()))
    expect((await control(plane, 'PUT', '/__mock/snapshots/seed1')).status).toBe(200)
    const restored = await fileContaining(path, '"Seed":1', 10_000)
    expect(withoutLog(restored)).toBe(stateFileJson(createStore({ seed: 1 }).snapshot()))
  })

  it('50 updates over ~500 ms make far fewer than 50 full writes, the file and its log always whole', async () => {
    const { dir, path } = tempFile()
    const plane = createPlane('app')
    const key = commentKey(plane.store)
    const file = attach(plane.store, path)
    await file.flush()
    const firstGeneration = generationOf(path)
    // A reader racing the writer: every read must be a complete document.
    let reads = 0
    const broken: string[] = []
    let reading = true
    const reader = (async () => {
      while (reading) {
        try {
          readStateFile(path, now)
          reads++
        } catch (error) {
          broken.push((error as Error).message)
        }
        await delay(3)
      }
    })()

    const start = performance.now()
    for (let i = 1; i <= 50; i++) {
      const response = await plane.request(commentsPath, commentUpdate(key, `Update ${i}.`))
      expect(response.status).toBe(200)
      await delay(10)
    }
    const elapsed = performance.now() - start
    expect(messageOnDisk(path, key)).toBe('Update 50.')
    reading = false
    await reader
    // Full writes counted by the file's generation, which each one moves on; close() makes one
    // more (and takes up a write still to come), so nothing is left to wait for.
    await file.close()
    const writes = generationOf(path) - firstGeneration - 1

    expect(broken).toEqual([])
    expect(reads).toBeGreaterThan(10)
    expect(writes).toBeLessThan(25)
    // At most one write per 100 ms (plus the one that may follow the last change).
    expect(writes).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 3)
    expect(readdirSync(dir)).toEqual([basename(path)])
    expect(withoutLog(readFileSync(path, 'utf8'))).toBe(stateFileJson(plane.store.snapshot()))
  })

  it('50 updates at once make one or two writes, with the last change', async () => {
    const { dir, path } = tempFile()
    const plane = createPlane('msw')
    const file = attach(plane.store, path)
    await file.flush()
    const firstGeneration = generationOf(path)
    const keys = Array.from(plane.store.state.comments.values(), (c) => c.Key as string)
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        plane.request(commentsPath, commentUpdate(keys[i % keys.length] as string, `Burst ${i}.`)),
      ),
    )
    expect(messageOnDisk(path, keys[49 % keys.length] as string)).toBe('Burst 49.')
    // Counted as above: the generation moved on by each full write, less close()'s own.
    await file.close()
    expect(generationOf(path) - firstGeneration - 1).toBeLessThanOrEqual(3)
    expect(readdirSync(dir)).toEqual([basename(path)])
  })

  it('close() writes a pending change at once and stops following the store', async () => {
    const { path } = tempFile()
    const plane = createPlane('app')
    const file = attach(plane.store, path)
    await file.flush()
    await plane.request(commentsPath, commentUpdate(commentKey(plane.store), 'Last words.'))
    await file.close()
    expect(readFileSync(path, 'utf8')).toContain('Last words.')
    await plane.request(commentsPath, commentUpdate(commentKey(plane.store), 'After close.'))
    await delay(300)
    expect(readFileSync(path, 'utf8')).not.toContain('After close.')
  })
})

describe('attachStateFile: loading', () => {
  it.each(ways)(
    'a fresh store loads the file: the same /__mock/state bytes (%s), the GUID sequence goes on',
    async (way) => {
      const { path } = tempFile()
      const saved = await savedState(path)
      expect(saved.store.generated).toBe(1)

      const store = createStore({ seed: 1 })
      attach(store, path)
      expect(store.generated).toBe(saved.store.generated)
      expect(store.seed).toBe(1)
      const plane = createPlane(way, { store })
      expect(await stateText(plane)).toBe(stateJson(saved.store))
      expect(await stateText(plane)).toContain('Saved in the file.')

      // The next GUID is the one the saved store would have made next.
      const original = createPlane(way, { store: saved.store })
      const next = await readJson(await original.request(abTestsPath, abTestCreate('Next.')))
      const continued = await readJson(await plane.request(abTestsPath, abTestCreate('Next.')))
      expect(continued.Id).toBe(next.Id)
      expect(store.generated).toBe(2)
    },
  )

  it('loads a file of another seed: the store takes the file seed', async () => {
    const { path } = tempFile()
    writeFileSync(path, stateFileJson(createStore({ seed: 5 }).snapshot()))
    const store = createStore({ seed: 1 })
    attach(store, path)
    expect(store.seed).toBe(5)
    expect(stateJson(store)).toBe(stateJson(createStore({ seed: 5 })))
  })

  const mutations: [string, (doc: Record<string, any>) => unknown, RegExp][] = [
    ['not JSON', () => '{"Seed":1,', /not JSON/],
    ['a JSON list', () => [], /expected a JSON object/],
    [
      'a wrong type ("StartDate":"nope")',
      (doc) => {
        doc.ABTests[0].StartDate = 'nope'
      },
      /ABTests\[0\]\.StartDate/,
    ],
    [
      'a missing collection (no Comments)',
      (doc) => {
        delete doc.Comments
      },
      /'Comments'/,
    ],
    [
      'a collection that is not a list',
      (doc) => {
        doc.Services = {}
      },
      /'Services' must be a list/,
    ],
    [
      'a duplicate key',
      (doc) => {
        doc.Comments.push({ ...doc.Comments[0] })
      },
      /Comments\[24\] repeats the key/,
    ],
    [
      'an entity that is not an object',
      (doc) => {
        doc.Containers[1] = 'x'
      },
      /Containers\[1\] must be an object/,
    ],
    [
      'a Seed that is not a whole number',
      (doc) => {
        doc.Seed = 'one'
      },
      /'Seed'/,
    ],
  ]

  it.each(mutations)(
    'a broken file (%s) throws an Error naming the problem and is left as it was',
    (_, mutate, message) => {
      const { path } = tempFile()
      const doc = JSON.parse(stateFileJson(createStore({ seed: 1 }).snapshot())) as Record<
        string,
        any
      >
      const replaced = mutate(doc)
      const text = typeof replaced === 'string' ? replaced : JSON.stringify(replaced ?? doc)
      writeFileSync(path, text)
      const store = createStore({ seed: 3 })
      const seeded = stateJson(store)
      let thrown: unknown
      try {
        attach(store, path)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(Error)
      expect((thrown as Error).message).toMatch(/^Failed to read the state file: /)
      expect((thrown as Error).message).toMatch(message)
      // Never a silent reseed: neither the file nor the store was touched.
      expect(readFileSync(path, 'utf8')).toBe(text)
      expect(stateJson(store)).toBe(seeded)
    },
  )
})
