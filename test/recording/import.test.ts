import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stateCollections } from '../../src/control/index.ts'
import { isSecretName } from '../../src/control/redact/index.ts'
import { createMock, createStore } from '../../src/index.ts'
import type { Har } from '../../src/mock/index.ts'
import { importRecording } from '../../src/tools/verify/recording/index.ts'
import { readDataFile } from '../../src/tools/cli/data-file.ts'
import { readScenariosFile } from '../../src/tools/cli/scenarios-file.ts'
import { runImport } from '../../src/tools/verify/index.ts'
import { tempDir } from '../support/index.ts'
import { captured } from './captured-io.ts'
import { journalRecording } from './journal-recording.ts'

// Issue 31, point 2: `restapi-mock import` writes the entities a recording shows as a --data
// file or a scenario, secrets left out as the recorder redacts them (secret-names.ts).

const noCounts = { abTests: 0, services: 0, containers: 0, comments: 0, pages: 0 }

/** The first JSON 2xx answer of the comment operation, parsed. */
function recordedComment(har: Har): Record<string, string> {
  const entry = har.log.entries.find(
    (e) =>
      e.request.url.includes('comments') &&
      e.response.status === 200 &&
      e.response.content.mimeType.includes('json'),
  )
  return JSON.parse(entry?.response.content.text ?? '{}') as Record<string, string>
}

async function putComment(mock: ReturnType<typeof createMock>, key: string): Promise<unknown> {
  const response = await mock.dispatch(
    new Request('http://localhost/RestApi/comments-api/comments', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ Key: key }),
    }),
  )
  return response?.json()
}

describe('import', () => {
  it('takes an entity from every operation whose answer is one of the state’s collections', async () => {
    const { har, mock } = await journalRecording()
    const { document } = importRecording(har, { operations: mock.operations })
    const answered = stateCollections
      .filter(({ dto }) => mock.operations.some((operation) => operation.responseDto === dto))
      .map(({ name }) => name)
    expect(answered.filter((name) => (document[name]?.length ?? 0) === 0)).toEqual([])
  })

  it('leaves out the values of secret names, as the recorder redacts them', async () => {
    const { har, mock } = await journalRecording()
    const secret = stateCollections.flatMap(({ name, dto }) =>
      Object.keys(dto.fields)
        .filter(isSecretName)
        .map((field) => [name, field] as const),
    )
    // The model has such a field (ABTestViewModel.ApiKey): each answer of its collection, as a
    // DevTools export holds it, shows a value there.
    expect(secret.length).toBeGreaterThan(0)
    for (const [name, field] of secret) {
      const { dto } = stateCollections.find((collection) => collection.name === name) ?? {}
      const operation = mock.operations.find((candidate) => candidate.responseDto === dto)
      for (const entry of har.log.entries) {
        const content = entry.response.content as { text?: string; mimeType: string }
        if (operation === undefined || !entry.request.url.endsWith(operation.route)) continue
        if (entry.response.status !== 200 || !content.mimeType.includes('json')) continue
        content.text = JSON.stringify({ ...JSON.parse(content.text ?? '{}'), [field]: 'k-123' })
      }
    }
    const { document } = importRecording(har, { operations: mock.operations })
    const kept = secret.filter(([name, field]) =>
      (document[name] ?? []).some((entity) => field in entity),
    )
    expect(kept).toEqual([])
  })

  it('writes a --data file from which the mock serves the CMS’s own data', async () => {
    const { har } = await journalRecording()
    const dir = tempDir()
    writeHar(join(dir, 'rec.har'), har)
    const io = captured()
    expect(await runImport([join(dir, 'rec.har'), '--out', join(dir, 'db.json')], io)).toBe(0)
    expect(io.err()).toMatch(
      /^restapi-mock import: wrote .*Comments.* to .*db\.json, from \d+ entries/,
    )
    const data = await readDataFile(join(dir, 'db.json'))
    const mock = createMock({
      store: createStore({ seed: 9 }),
      scenarios: { data },
      scenario: 'data',
    })
    const comment = recordedComment(har)
    expect(await putComment(mock, comment.Key as string)).toMatchObject({
      Key: comment.Key,
      Name: comment.Name,
      Email: comment.Email,
      ThreadKey: comment.ThreadKey,
    })
  })

  it('writes a scenario of the given name with --scenario', async () => {
    const { har } = await journalRecording()
    const dir = tempDir()
    writeHar(join(dir, 'rec.har'), har)
    const out = join(dir, 'scenarios.json')
    expect(
      await runImport([join(dir, 'rec.har'), '--scenario', 'cms', '--out', out], captured()),
    ).toBe(0)
    const scenarios = readScenariosFile(out)
    expect(scenarios.cms?.counts).toEqual(noCounts)
    const mock = createMock({ store: createStore({ seed: 9 }), scenarios, scenario: 'cms' })
    const comment = recordedComment(har)
    expect(await putComment(mock, comment.Key as string)).toMatchObject({ Name: comment.Name })
    expect(Object.keys(JSON.parse(readFileSync(out, 'utf8')) as object)).toEqual(['cms'])
  })
})

function writeHar(path: string, har: Har): void {
  writeFileSync(path, JSON.stringify(har))
}
