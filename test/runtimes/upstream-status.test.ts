import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SettingsDocument } from '../../src/control/control-documents.ts'
import { createApp, createMock, createStore } from '../../src/index.ts'
import { readUpstream } from '../../src/tools/cli/cli-upstream.ts'
import { startEchoUpstream, type EchoUpstream } from '../support/echo-upstream.ts'
import { fakeRecording } from '../support/fake-recording.ts'
import { tempDir } from '../support/index.ts'

// Issue 31, point 3: the dashboard shows the proxy, record and replay status. `/__mock/settings`
// says where the proxy records and how many entries that file holds (those it had and those the
// proxy added: src/node/proxy/har-file.ts), and each replayed file with its entries.

let upstream: EchoUpstream

beforeAll(async () => {
  upstream = await startEchoUpstream()
})

afterAll(async () => {
  await upstream?.close()
})

function fail(message: string): never {
  throw new Error(message)
}

describe('/__mock/settings with --proxy, --record and --replay', () => {
  it('names the upstream, the record file with its entries, and each replay with its entries', async () => {
    const dir = tempDir()
    const record = join(dir, 'recorded.har')
    const replay = join(dir, 'replayed.har')
    const recording = fakeRecording(1)
    writeFileSync(replay, JSON.stringify(recording))
    // A record file from an earlier run: its entries count, and new ones add to them.
    const earlier = recording.log.entries.slice(0, 2)
    writeFileSync(record, JSON.stringify({ log: { ...recording.log, entries: earlier } }))
    const values = { proxy: upstream.url, record, replay: [replay] }
    const { proxy, fallbacks, recorder } = readUpstream(values, fail)
    // As the CLI passes them to createServer: the replays first, the proxy after them.
    const app = createApp({
      store: createStore({ seed: 1 }),
      fallbacks,
      ...(proxy ? { proxy } : {}),
    })
    const settings = async (): Promise<SettingsDocument> =>
      (await (await app.request('/__mock/settings')).json()) as SettingsDocument

    const before = await settings()
    expect(before.upstream).toBe(upstream.url)
    expect(before.record).toEqual({ file: record, entries: earlier.length })
    expect(before.replays).toEqual([{ file: replay, entries: recording.log.entries.length }])

    const forwarded = ['/RestApi/not-mocked/1', '/RestApi/not-mocked/2']
    for (const path of forwarded) expect((await app.request(path)).status).toBe(200)
    await recorder?.flush()
    expect((await settings()).record).toEqual({
      file: record,
      entries: earlier.length + forwarded.length,
    })
  })

  it('says null and none without them', async () => {
    const app = createApp({ mock: createMock({ store: createStore({ seed: 1 }) }) })
    const settings = (await (await app.request('/__mock/settings')).json()) as SettingsDocument
    expect(settings).toMatchObject({ upstream: null, record: null, replays: [] })
  })
})
