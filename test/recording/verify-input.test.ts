import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runImport, runVerify } from '../../src/tools/verify/index.ts'
import { tempDir } from '../support/index.ts'
import { captured } from './captured-io.ts'
import { journalRecording } from './journal-recording.ts'

// Issue 31: input that is not HAR, or an entry missing a field, gets one sentence naming the
// entry, exit 2, and nothing else runs (nothing on stdout, no report, no data file).

/** A recording with entry 2's field taken out. */
async function without(path: readonly string[]): Promise<unknown> {
  const { har } = await journalRecording()
  const copy = structuredClone(har) as unknown as { log: { entries: Record<string, unknown>[] } }
  let at = copy.log.entries[2] as Record<string, unknown>
  for (const step of path.slice(0, -1)) at = at[step] as Record<string, unknown>
  delete at[path.at(-1) as string]
  return copy
}

const cases: [string, () => Promise<string>, RegExp][] = [
  [
    'text that is not JSON',
    async () => 'GET / HTTP/1.1',
    /rec\.har is not JSON: .*line 1 column 1/,
  ],
  [
    'JSON that is not HAR',
    async () => '{"entries":[]}',
    /rec\.har has no log\.entries list: it is not HAR\.$/,
  ],
  [
    'an entry without its response content',
    async () => JSON.stringify(await without(['response', 'content'])),
    /rec\.har: entry 2: response\.content is missing\.$/,
  ],
  [
    'an entry without its request headers',
    async () => JSON.stringify(await without(['request', 'headers'])),
    /rec\.har: entry 2: request\.headers is missing\.$/,
  ],
  [
    'an entry without its status',
    async () => JSON.stringify(await without(['response', 'status'])),
    /rec\.har: entry 2: response\.status is missing\.$/,
  ],
]

describe('verify and import refuse bad input', () => {
  it.each(cases)(
    'verify: %s is one sentence, exit 2, and nothing else',
    async (_name, text, says) => {
      const dir = tempDir()
      const file = join(dir, 'rec.har')
      writeFileSync(file, await text())
      const report = join(dir, 'report.html')
      const io = captured()
      expect(await runVerify([file, '--report', report], io)).toBe(2)
      expect(io.out()).toBe('')
      expect(io.err().trim().split('\n')).toHaveLength(1)
      expect(io.err().trim()).toMatch(says)
      await expect(import('node:fs').then(({ existsSync }) => existsSync(report))).resolves.toBe(
        false,
      )
    },
  )

  it.each(cases)('import: %s is one sentence, exit 2, and no file', async (_name, text, says) => {
    const dir = tempDir()
    const file = join(dir, 'rec.har')
    writeFileSync(file, await text())
    const out = join(dir, 'db.json')
    const io = captured()
    expect(await runImport([file, '--out', out], io)).toBe(2)
    expect(io.out()).toBe('')
    expect(io.err().trim()).toMatch(says)
    await expect(import('node:fs').then(({ existsSync }) => existsSync(out))).resolves.toBe(false)
  })

  it('names a file that is not there', async () => {
    const io = captured()
    expect(await runVerify([join(tempDir(), 'missing.har')], io)).toBe(2)
    expect(io.err()).toMatch(/could not read .*missing\.har: ENOENT/)
  })
})

describe('verify on a hostile recording', () => {
  it('reports an answer nested 100,000 deep as a body it cannot read, and goes on', async () => {
    const { har, mock } = await journalRecording()
    const entry = har.log.entries.findIndex((e) => e.response.content.mimeType.includes('json'))
    const deep = `${'{"A":'.repeat(100_000)}1${'}'.repeat(100_000)}`
    const content = har.log.entries[entry]?.response.content
    expect(content).toBeDefined()
    ;(content as { text: string }).text = deep
    const { verifyRecording } = await import('../../src/tools/verify/recording/index.ts')
    const { exchanges, counts } = await verifyRecording(har, { operations: mock.operations })
    expect(counts.different).toBe(1)
    expect(exchanges[entry]?.differences[0]?.says).toMatch(/nests deeper than 64/)
  })
})
