import { writeFileSync } from 'node:fs'
import { STATUS_CODES } from 'node:http'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { verifyRecording } from '../../src/tools/verify/recording/index.ts'
import { runVerify } from '../../src/tools/verify/index.ts'
import { tempDir } from '../support/index.ts'
import { journalRecording } from './journal-recording.ts'
import { captured } from './captured-io.ts'

// Issue 31, done when: the mock's own journal as HAR verifies with no difference, exit 0.

describe('verify against the mock’s own journal', () => {
  it('finds every operation of the list with its answers and its errors in the recording', async () => {
    const { har, mock } = await journalRecording()
    const { exchanges } = await verifyRecording(har, { operations: mock.operations })
    const names = mock.operations.map((operation) => operation.requestDto.name)
    const statuses = (name: string): number[] =>
      exchanges.filter((e) => e.operation === name).map((e) => e.recorded.status)
    expect(names.map((name) => statuses(name).some((s) => s === 200))).toEqual(
      names.map(() => true),
    )
    expect(names.map((name) => statuses(name).some((s) => s >= 400))).toEqual(names.map(() => true))
  })

  it('answers every exchange the same, in process, and counts the unserved one as not mocked', async () => {
    const { har, mock } = await journalRecording()
    const { exchanges, counts } = await verifyRecording(har, {
      operations: mock.operations,
      reasonPhrase: (status) => STATUS_CODES[status],
    })
    expect(exchanges.filter((e) => e.verdict === 'different').map((e) => e.differences[0])).toEqual(
      [],
    )
    expect(counts.different).toBe(0)
    expect(counts['not mocked']).toBe(1)
    expect(counts.same).toBe(exchanges.length - 1)
  })

  it('exits 0 from the command, with a table row per exchange', async () => {
    const { har } = await journalRecording()
    const file = join(tempDir(), 'journal.har')
    writeFileSync(file, JSON.stringify(har))
    const io = captured()
    expect(await runVerify([file], io)).toBe(0)
    const lines = io.out().trim().split('\n')
    // A heading, a row per entry, a blank line, the counts.
    expect(lines).toHaveLength(har.log.entries.length + 3)
    expect(lines.at(-1)).toBe(
      `${har.log.entries.length} exchanges: ${har.log.entries.length - 1} the same, 0 different, 1 not mocked`,
    )
    expect(io.err()).toBe('')
  })
})

describe('verify against a redacted recording', () => {
  it('finds no difference where the recorder redacted a value (ABTestViewModel.ApiKey)', async () => {
    const { har, mock } = await journalRecording()
    const redacted = har.log.entries.filter(
      (entry) =>
        entry.request.url.endsWith('/ab-testing') &&
        entry.response.status === 200 &&
        entry.response.content.mimeType.includes('json'),
    )
    for (const entry of redacted) {
      const content = entry.response.content as { text?: string }
      content.text = JSON.stringify({ ...JSON.parse(content.text ?? '{}'), ApiKey: '<redacted>' })
    }
    expect(redacted.length).toBeGreaterThan(0)
    const { counts } = await verifyRecording(har, { operations: mock.operations })
    expect(counts.different).toBe(0)
  })
})
