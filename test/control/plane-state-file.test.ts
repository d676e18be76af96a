import { existsSync, readFileSync, readdirSync, watch, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { parseStateFile, stateFileJson } from '../../src/control/index.ts'
import { createStore, type Store } from '../../src/index.ts'
import { stateJson } from '../../handlers/index.ts'
import { attachStateFile, readStateFile, type StateFile } from '../../src/node/state-file.ts'
import {
  abTestCreate,
  abTestsPath,
  buildApp,
  commentKey,
  commentUpdate,
  commentsPath,
  control,
  createPlane,
  delay,
  exitWithin,
  now,
  rawRequest,
  readJson,
  startCli,
  stateText,
  tempDir,
  timed,
  waitFor,
  waitForStart,
  ways,
} from '../support/index.ts'

/** A file's path in a directory of its own, removed when the test ends. */
function tempFile(name = 'state.json'): { dir: string; path: string } {
  const dir = tempDir()
  return { dir, path: join(dir, name) }
}

/** A state file on the store, closed when the test ends. */
function attach(store: Store, path: string): StateFile {
  const file = attachStateFile(store, path)
  onTestFinished(() => file.close())
  return file
}

/** The file's text once it exists and contains `needle`, read within `timeoutMs`. */
function fileContaining(path: string, needle: string, timeoutMs: number): Promise<string> {
  return waitFor(
    `${basename(path)} containing ${needle}`,
    () => {
      if (!existsSync(path)) return undefined
      const text = readFileSync(path, 'utf8')
      return text.includes(needle) ? text : undefined
    },
    timeoutMs,
  )
}

/** A state file's text without the name of its change log (`"Log":3,`), as stateFileJson writes it. */
function withoutLog(text: string): string {
  return text.replace(/^(\{"Seed":\d+,"Generated":\d+,)"Log":\d+,/, '$1')
}

/** The Message of a comment in the state a state file and its log hold. */
function messageOnDisk(path: string, key: string): string | null | undefined {
  return readStateFile(path, now).state.comments.get(key.toLowerCase())?.Message
}

/** A stored state file of seed 1 with one edited comment and one created A/B test. */
async function savedState(path: string): Promise<{ store: Store; text: string }> {
  const { app, store } = buildApp()
  await app.request(commentsPath, commentUpdate(commentKey(store), 'Saved in the file.'))
  await app.request(abTestsPath, abTestCreate('Saved test.'))
  const file = attachStateFile(store, path)
  await file.close()
  return { store, text: readFileSync(path, 'utf8') }
}

describe('attachStateFile: writing', () => {
  it('writes the file at once, in the state-file form of the store', async () => {
    const { path } = tempFile()
    const store = createStore({ seed: 1 })
    const run = await timed(async () => {
      attach(store, path)
      return fileContaining(path, '"Comments"', 1000)
    })
    expect(run.ms).toBeLessThan(1000)
    const text = run.value as string
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
      expect(readdirSync(dir).sort()).toEqual(['state.json', 'state.json.2.log'])
      // The file itself takes it after a quiet second, the log folded into it.
      const folded = await fileContaining(path, 'Written to disk.', 5000)
      expect(folded).toMatch(/"Log":3,/)
      await waitFor(
        'the old log removed',
        () => (existsSync(join(dir, 'state.json.2.log')) ? undefined : true),
        2000,
      )
    },
  )

  it.each(ways)('writes resets and snapshot restores (%s)', async (way) => {
    const { path } = tempFile()
    const plane = createPlane(way)
    attach(plane.store, path)
    await control(plane, 'POST', '/__mock/snapshots/seed1')
    expect((await control(plane, 'POST', '/__mock/reset?seed=7')).status).toBe(200)
    const reseeded = await fileContaining(path, '"Seed":7', 1500)
    expect(withoutLog(reseeded)).toBe(stateFileJson(createStore({ seed: 7 }).snapshot()))
    expect((await control(plane, 'PUT', '/__mock/snapshots/seed1')).status).toBe(200)
    const restored = await fileContaining(path, '"Seed":1', 1500)
    expect(withoutLog(restored)).toBe(stateFileJson(createStore({ seed: 1 }).snapshot()))
  })

  it('50 updates over ~500 ms make far fewer than 50 full writes, the file and its log always whole', async () => {
    const { dir, path } = tempFile()
    const plane = createPlane('app')
    const key = commentKey(plane.store)
    const file = attach(plane.store, path)
    await file.flush()

    let renames = 0
    const watcher = watch(dir, (event, name) => {
      if (event === 'rename' && name === basename(path)) renames++
    })
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
    await delay(250)
    reading = false
    await reader
    watcher.close()

    expect(broken).toEqual([])
    expect(reads).toBeGreaterThan(10)
    expect(renames).toBeLessThan(25)
    // At most one write per 100 ms (plus the one that may follow the last change).
    expect(renames).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 3)
    await file.close()
    expect(readdirSync(dir)).toEqual([basename(path)])
    expect(withoutLog(readFileSync(path, 'utf8'))).toBe(stateFileJson(plane.store.snapshot()))
  })

  it('50 updates at once make one or two writes, with the last change', async () => {
    const { dir, path } = tempFile()
    const plane = createPlane('msw')
    const file = attach(plane.store, path)
    await file.flush()
    let renames = 0
    const watcher = watch(dir, (event, name) => {
      if (event === 'rename' && name === basename(path)) renames++
    })
    const keys = Array.from(plane.store.state.comments.values(), (c) => c.Key as string)
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        plane.request(commentsPath, commentUpdate(keys[i % keys.length] as string, `Burst ${i}.`)),
      ),
    )
    expect(messageOnDisk(path, keys[49 % keys.length] as string)).toBe('Burst 49.')
    await delay(300)
    watcher.close()
    expect(renames).toBeLessThanOrEqual(3)
    await file.close()
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

describe('the CLI: --state-file', () => {
  it('exits 2 with the problem on stderr when the file is broken, and leaves it alone', async () => {
    const { path } = tempFile()
    const doc = JSON.parse(stateFileJson(createStore({ seed: 1 }).snapshot()))
    doc.ABTests[0].StartDate = 'nope'
    const text = JSON.stringify(doc)
    writeFileSync(path, text)
    const run = startCli(['--port', '0', '--state-file', path])
    expect(await exitWithin(run, 15_000)).toBe(2)
    expect(run.stderr()).toContain(path)
    expect(run.stderr()).toContain('ABTests[0].StartDate')
    expect(run.stdout()).not.toMatch(/serving/)
    expect(readFileSync(path, 'utf8')).toBe(text)
  })

  it('exits 2 for a file that is not JSON', async () => {
    const { path } = tempFile()
    writeFileSync(path, 'not json at all')
    const run = startCli(['--port', '0', '--state-file', path])
    expect(await exitWithin(run, 15_000)).toBe(2)
    expect(run.stderr()).toMatch(/not JSON/)
  })

  it('serves a good file, writes changes to it, and flushes on SIGTERM', async () => {
    const { path } = tempFile()
    const saved = await savedState(path)
    const run = startCli(['--port', '0', '--state-file', path])
    const url = await waitForStart(run, 15_000)
    expect(run.stdout()).toContain(`state file ${path}`)

    const state = await rawRequest(`${url}/__mock/state`, { method: 'GET' })
    expect(state.status).toBe(200)
    expect(state.body).toBe(stateJson(saved.store))

    const update = await rawRequest(`${url}${commentsPath}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: commentKey(saved.store, 1), Message: 'From the CLI.' }),
    })
    expect(update.status).toBe(200)
    await fileContaining(path, 'From the CLI.', 2000)

    const last = await rawRequest(`${url}${commentsPath}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: commentKey(saved.store, 2), Message: 'Just before exit.' }),
    })
    expect(last.status).toBe(200)
    run.child.kill('SIGTERM')
    expect(await exitWithin(run, 10_000)).toBe(0)
    const text = readFileSync(path, 'utf8')
    expect(text).toContain('Just before exit.')
    expect(text).toContain('Saved in the file.')
    expect(() => parseStateFile(text, now)).not.toThrow()
  })

  it('creates the file from the seed when it does not exist yet', async () => {
    const { path } = tempFile('new-state.json')
    const run = startCli(['--port', '0', '--seed', '4', '--state-file', path])
    await waitForStart(run, 15_000)
    const text = await fileContaining(path, '"Comments"', 2000)
    expect(withoutLog(text)).toBe(stateFileJson(createStore({ seed: 4 }).snapshot()))
  })

  it('a SIGKILL in the middle of a burst of writes never leaves a half-written file', async () => {
    const { dir, path } = tempFile()
    // A big state makes each write take a while, so the kill can land in one.
    const run = startCli(['--port', '0', '--counts', 'comments=5000', '--state-file', path])
    const url = await waitForStart(run, 20_000)
    await fileContaining(path, '"Comments"', 5000)
    const key = commentKey(createStore({ seed: 1, counts: { comments: 5000 } }), 7)
    let sent = 0
    let writing = true
    const burst = (async () => {
      while (writing) {
        await rawRequest(`${url}${commentsPath}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ Key: key, Message: `Burst ${sent++}.` }),
        }).catch(() => undefined)
      }
    })()
    await delay(450)
    run.child.kill('SIGKILL')
    writing = false
    await burst
    expect(await exitWithin(run, 10_000)).toBe('SIGKILL')
    expect(sent).toBeGreaterThan(3)
    const snapshot = readStateFile(path, now)
    expect(snapshot.state.comments.size).toBe(5000)
    expect(snapshot.state.comments.get(key.toLowerCase())?.Message).toMatch(/^Burst \d+\.$/)
    // The state file, its logs and, at most, the temporary file of the killed process.
    for (const name of readdirSync(dir)) expect(name).toMatch(/^state\.json(\.\d+\.(tmp|log))?$/)
  })
})

describe('the CLI: --latency', () => {
  it('--latency 100 delays answers by at least 100 ms', async () => {
    const run = startCli(['--port', '0', '--latency', '100', '--default-format', 'json'])
    const url = await waitForStart(run, 15_000)
    expect(run.stdout()).toContain('latency 100-100 ms')
    const key = commentKey(createStore({ seed: 1 }))
    for (let i = 0; i < 3; i++) {
      const answer = await timed(() =>
        rawRequest(`${url}${commentsPath}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ Key: key, Message: `Late ${i}.` }),
        }),
      )
      expect(answer.value?.status).toBe(200)
      expect(answer.ms).toBeGreaterThanOrEqual(95)
    }
    const settings = await rawRequest(`${url}/__mock/settings`, { method: 'GET' })
    expect(JSON.parse(settings.body).latency).toEqual({ min: 100, max: 100 })
  })

  it('--latency 100-300 delays answers within the range', async () => {
    const run = startCli(['--port', '0', '--latency', '100-300'])
    const url = await waitForStart(run, 15_000)
    expect(run.stdout()).toContain('latency 100-300 ms')
    const answer = await timed(() =>
      rawRequest(`${url}${abTestsPath}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{"Title":"Ranged"}',
      }),
    )
    expect(answer.value?.status).toBe(200)
    expect(answer.ms).toBeGreaterThanOrEqual(95)
    const journal = JSON.parse((await rawRequest(`${url}/__mock/journal`, { method: 'GET' })).body)
    expect(journal.entries[0].delayMs).toBeGreaterThanOrEqual(100)
    expect(journal.entries[0].delayMs).toBeLessThanOrEqual(300)
  })

  it.each(['abc', '600-100', '70000', '-5'])(
    '--latency %s exits 2 naming the option',
    async (value) => {
      const run = startCli(['--port', '0', `--latency=${value}`])
      expect(await exitWithin(run, 15_000)).toBe(2)
      expect(run.stderr()).toContain('--latency')
      expect(run.stderr()).toContain(value)
      expect(run.stdout()).not.toMatch(/serving/)
    },
  )
})
