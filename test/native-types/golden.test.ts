import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  containersInfo,
  createService,
  updateABTest,
  updateComment,
} from '../../handlers/operations.ts'
import { buildApp } from '../support/index.ts'

// Issue 17: the exact text of the native types, with the header's date pinned by the mock's
// clock (2026-03-01 12:00:00; ServiceStack writes the host's local time, so the test runs in UTC).
// `UPDATE_GOLDEN=1` writes the files anew after a deliberate change; read the diff. The golden
// text is the CMS's four operations, named here: an operation added to the list changes the
// mock's types, not the CMS's.
process.env.TZ = 'UTC'

const golden = (name: string): URL => new URL(`./golden/${name}`, import.meta.url)

describe.each([
  ['types/typescript', 'dtos.ts.txt'],
  ['types/typescript.d', 'dtos.d.ts.txt'],
])('/RestApi/%s', (path, file) => {
  it(`is the text of golden/${file}`, async () => {
    const { app } = buildApp({
      operations: [updateABTest, createService, containersInfo, updateComment],
    })
    const text = await (await app.request(`http://127.0.0.1:4000/RestApi/${path}`)).text()
    expect(text).toContain('\nDate: 2026-03-01 12:00:00\r\n')
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden(file), text)
    expect(text).toBe(readFileSync(golden(file), 'utf8'))
  })
})
