import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseStateFile, stateFileJson } from '../../src/control/index.ts'
import { createStore } from '../../src/index.ts'
import { stateJson } from '../../handlers/index.ts'
import { readStateFile } from '../../src/node/state-file/state-file.ts'
import {
  abTestsPath,
  commentKey,
  commentsPath,
  exitWithin,
  now,
  rawRequest,
  startCli,
  timed,
  waitFor,
  waitForStart,
} from '../support/index.ts'
import { fileContaining, savedState, tempFile, withoutLog } from './state-file-helpers.ts'

// The control plane's options on the command line: --max-snapshots (plane-bounds.test.ts has
// the rest), --state-file (plane-state-file.test.ts) and --latency (plane-latency.test.ts). The
// slow tier: each test spawns the command.

describe('the CLI: --max-snapshots', () => {
  it('--max-snapshots 1 keeps one named snapshot; a second name is a 400 naming the cap', async () => {
    const run = startCli(['--port', '0', '--max-snapshots', '1', '--no-log'])
    const url = await waitForStart(run, 15_000)
    const first = await rawRequest(`${url}/__mock/snapshots/one`, { method: 'POST' })
    expect(first.status).toBe(201)
    const second = await rawRequest(`${url}/__mock/snapshots/two`, { method: 'POST' })
    expect(second.status).toBe(400)
    expect(second.body).toContain('--max-snapshots 1')
  })

  it('refuses a --max-snapshots that is not a whole number', async () => {
    const run = startCli(['--port', '0', '--max-snapshots', 'many'])
    expect(await exitWithin(run, 15_000)).toBe(2)
    expect(run.stderr()).toContain('--max-snapshots must be a whole number')
  })
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
    await fileContaining(path, 'From the CLI.', 10_000)

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
    const text = await fileContaining(path, '"Comments"', 10_000)
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
    // Killed once the burst is well under way (each write is sent once the one before has its
    // answer), rather than after a fixed pause.
    await waitFor("the burst's 20th write", () => (sent >= 20 ? true : undefined), 30_000)
    run.child.kill('SIGKILL')
    writing = false
    await burst
    expect(await exitWithin(run, 10_000)).toBe('SIGKILL')
    expect(sent).toBeGreaterThan(3)
    const snapshot = readStateFile(path, now)
    expect(snapshot.state.comments.size).toBe(5000)
    expect(snapshot.state.comments.get(key.toLowerCase())?.Message).toMatch(/^Burst \d+\.$/)
    // The state file, its logs and, at most, the temporary file and the lock of the killed process.
    for (const name of readdirSync(dir))
      expect(name).toMatch(/^state\.json(\.\d+\.(tmp|log)|\.lock)?$/)
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
