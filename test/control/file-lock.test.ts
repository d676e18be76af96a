import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { Har } from '../../src/mock/index.ts'
import { createHarRecorder } from '../../src/node/proxy/har-recorder.ts'
import { attachStateFile } from '../../src/node/state-file/state-file.ts'
import { createStore } from '../../src/index.ts'
import { tempDir } from '../support/index.ts'

// Issue 40, M1: one process writes a `--record` or `--state-file` file at a time; a second is
// refused at its start with one sentence naming the first one's pid, a lock left by a process
// that is gone is taken over, and a recording cut off in an entry is repaired, not refused.

/** A process that runs for the whole test: the test runner's parent. */
const livePid = process.ppid
/** No system gives out pids this high (Linux stops at 2^22). */
const deadPid = 99_999_999

function recorder(path: string, warnings: string[] = []) {
  const recording = createHarRecorder({
    path,
    keepSecrets: false,
    maxBytes: 1024 * 1024,
    warn: (line) => warnings.push(line),
  })
  onTestFinished(() => recording.close())
  return recording
}

const exchange = (path: string) => ({
  startedAt: Date.UTC(2026, 11, 1),
  waitMs: 1,
  totalMs: 2,
  method: 'GET',
  url: `http://cms.example.com${path}`,
  requestHeaders: [],
  requestBody: null,
  requestSize: 0,
  status: 200,
  statusText: 'OK',
  responseHeaders: ['content-type', 'application/json'],
  responseBody: Buffer.from('{"A":1}'),
  responseSize: 7,
})

describe('the lock of a --record or --state-file file', () => {
  it('refuses a recording another live process holds, naming it, and leaves the file alone', () => {
    const file = join(tempDir(), 'two.har')
    writeFileSync(`${file}.lock`, `${livePid}\n`)
    expect(() => recorder(file)).toThrow(
      `--record ${file} is in use by another restapi-mock, process ${livePid} (its lock: ${file}.lock); stop that one, or give another file`,
    )
    expect(existsSync(file)).toBe(false)
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(`${livePid}\n`)
  })

  it('refuses a state file another live process holds', () => {
    const file = join(tempDir(), 'state.json')
    writeFileSync(`${file}.lock`, `${livePid}\n`)
    expect(() => attachStateFile(createStore({ seed: 1 }), file)).toThrow(
      `--state-file ${file} is in use by another restapi-mock, process ${livePid}`,
    )
    expect(existsSync(file)).toBe(false)
  })

  it('takes over the lock of a process that is gone, and lets it go on close', async () => {
    const file = join(tempDir(), 'state.json')
    writeFileSync(`${file}.lock`, `${deadPid}\n`)
    const state = attachStateFile(createStore({ seed: 1 }), file)
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(`${process.pid} --state-file\n`)
    await state.close()
    expect(existsSync(`${file}.lock`)).toBe(false)
  })

  it('refuses one file as both the recording and the state file of one mock', () => {
    const file = join(tempDir(), 'both.json')
    recorder(file)
    expect(() => attachStateFile(createStore({ seed: 1 }), file)).toThrow(
      `--state-file ${file} is this mock's --record file already; give another file`,
    )
  })

  it('writes a recording by replacing it whole: a new file each time, never one written in place', async () => {
    const file = join(tempDir(), 'atomic.har')
    const recording = recorder(file)
    const before = statSync(file).ino
    recording.add(exchange('/a'))
    await recording.flush()
    expect(statSync(file).ino).not.toBe(before)
    expect((JSON.parse(readFileSync(file, 'utf8')) as Har).log.entries).toHaveLength(1)
  })

  it('repairs a recording cut off in an entry up to its last whole one, and says so', async () => {
    const file = join(tempDir(), 'cut.har')
    const first = recorder(file)
    for (const path of ['/a', '/b', '/c']) first.add(exchange(path))
    await first.close()
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.slice(0, text.lastIndexOf('cms.example.com/c') + 5))
    const warnings: string[] = []
    const second = recorder(file, warnings)
    expect(warnings).toEqual([
      expect.stringMatching(
        /^the recording .*cut\.har was cut off part way through an entry: repaired, its 2 whole entries kept and the \d+ bytes after them dropped$/,
      ),
    ])
    second.add(exchange('/d'))
    await second.flush()
    const paths = (JSON.parse(readFileSync(file, 'utf8')) as Har).log.entries.map(
      (entry) => new URL(entry.request.url).pathname,
    )
    expect(paths).toEqual(['/a', '/b', '/d'])
  })

  it('still refuses a file that is not HAR, cut or not', () => {
    const file = join(tempDir(), 'notes.har')
    writeFileSync(file, '{"notes":["a", "b')
    expect(() => recorder(file)).toThrow(/is not a HAR file \(not JSON/)
    expect(readFileSync(file, 'utf8')).toBe('{"notes":["a", "b')
    expect(existsSync(`${file}.lock`)).toBe(false)
  })
})
