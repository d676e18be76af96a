import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Har, HarEntry } from '../../src/mock/index.ts'
import type { ExchangeVerdict } from '../../src/tools/verify/recording/index.ts'
import { runVerify } from '../../src/tools/verify/index.ts'
import { tempDir } from '../support/index.ts'
import { captured } from './captured-io.ts'
import { journalRecording } from './journal-recording.ts'

// Issue 31, done when: a recording whose answers were edited (a field renamed, a status
// changed, a date in another form) is reported, naming the field, with exit code 1.

type Edit = (har: Har) => { entry: number; field: string }

function contentType(entry: HarEntry): string {
  return (
    entry.response.headers.find(({ name }) => name.toLowerCase() === 'content-type')?.value ?? ''
  )
}

/** The first entry answered 2xx (or an error, `errors`) in JSON whose body has `test`. */
function find(har: Har, wanted: { json: boolean; ok: boolean; test: RegExp }): number {
  const index = har.log.entries.findIndex(
    (entry) =>
      contentType(entry).includes(wanted.json ? 'json' : 'xml') &&
      (entry.response.status === 200) === wanted.ok &&
      wanted.test.test(entry.response.content.text ?? ''),
  )
  if (index < 0) throw new Error(`no entry like ${wanted.test}`)
  return index
}

function setText(har: Har, index: number, text: string): void {
  ;(har.log.entries[index] as { response: { content: { text: string } } }).response.content.text =
    text
}

const edits: Record<string, Edit> = {
  'a field renamed': (har) => {
    const entry = find(har, { json: true, ok: true, test: /^\{"/ })
    const text = har.log.entries[entry]?.response.content.text ?? ''
    const first = Object.keys(JSON.parse(text) as object)[0] as string
    setText(har, entry, text.replace(`"${first}":`, `"${first}Renamed":`))
    return { entry, field: `${first}Renamed` }
  },
  'a status changed': (har) => {
    const entry = find(har, { json: true, ok: false, test: /ResponseStatus/ })
    ;(har.log.entries[entry] as { response: { status: number } }).response.status = 500
    return { entry, field: 'status' }
  },
  'a JSON date in another form': (har) => {
    const entry = find(har, { json: true, ok: true, test: /"\w+":"\\\/Date\(\d+\)\\\/"/ })
    const text = har.log.entries[entry]?.response.content.text ?? ''
    const [, field] = /"(\w+)":"\\\/Date\(\d+\)\\\/"/.exec(text) ?? []
    setText(har, entry, text.replace(/("\w+":"\\\/Date\(\d+)(\)\\\/")/, '$1+0100$2'))
    return { entry, field: field as string }
  },
  'an XML date in another form': (har) => {
    const date = /<(\w+)>(\d{4}-\d\d-\d\dT[\d:.]+)Z<\/\1>/
    const entry = find(har, { json: false, ok: true, test: date })
    const text = har.log.entries[entry]?.response.content.text ?? ''
    const [, field] = date.exec(text) ?? []
    setText(har, entry, text.replace(date, '<$1>$2+01:00</$1>'))
    return { entry, field: field as string }
  },
  'an ErrorCode changed': (har) => {
    const entry = find(har, { json: true, ok: false, test: /"ErrorCode":"\w+"/ })
    const text = har.log.entries[entry]?.response.content.text ?? ''
    setText(har, entry, text.replace(/"ErrorCode":"\w+"/, '"ErrorCode":"SomethingElse"'))
    return { entry, field: 'ResponseStatus.ErrorCode' }
  },
}

function fields(exchange: ExchangeVerdict | undefined): string[] {
  return exchange?.differences.map((difference) => difference.field) ?? []
}

describe('verify against an edited recording', () => {
  it.each(Object.entries(edits))(
    'reports %s, naming the field, with exit 1 (--json)',
    async (_name, edit) => {
      const { har } = await journalRecording()
      const { entry, field } = edit(har)
      const file = join(tempDir(), 'edited.har')
      writeFileSync(file, JSON.stringify(har))
      const io = captured()
      expect(await runVerify([file, '--json'], io)).toBe(1)
      const records = io
        .out()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as ExchangeVerdict)
      expect(records).toHaveLength(har.log.entries.length)
      const different = records.filter((record) => record.verdict === 'different')
      expect(different.map((record) => record.entry)).toEqual([entry])
      expect(fields(records[entry])).toContain(field)
    },
  )

  it('leaves an --ignore field out, and then finds no difference', async () => {
    const { har } = await journalRecording()
    const { field } = edits['a JSON date in another form']?.(har) ?? { field: '' }
    const file = join(tempDir(), 'edited.har')
    writeFileSync(file, JSON.stringify(har))
    expect(await runVerify([file], captured())).toBe(1)
    expect(await runVerify([file, '--ignore', field], captured())).toBe(0)
  })
})
