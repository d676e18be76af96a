import { describe, expect, it } from 'vitest'
import { buildApp, readJson } from '../support/index.ts'

// Issue 26, point 12: no option value of /types/typescript or /types/typescript.d can end the
// `/* Options: */` comment or become code. ServiceStack 5.10 writes them as they come; the mock
// answers 400 ArgumentException naming the option instead.

const base = 'http://localhost/RestApi'
const attack = '*/ alert(1); /*'

async function typesAt(path: string, query: string): Promise<Response> {
  const { app } = buildApp()
  return app.request(`${base}/${path}?${query}`, { headers: { Accept: 'application/json' } })
}

describe('option values that would become code', () => {
  it.each([
    { option: 'IncludeTypes', value: attack },
    { option: 'ExcludeTypes', value: attack },
    { option: 'BaseUrl', value: `http://x/${attack}` },
    { option: 'GlobalNamespace', value: attack },
    { option: 'DefaultImports', value: attack },
    { option: 'IncludeTypes', value: 'CommentUpdateRequest\nBaseUrl: http://evil.example' },
    { option: 'DefaultImports', value: 'alert(1)' },
    { option: 'DefaultImports', value: 'X:y";alert(1);"' },
    { option: 'DefaultImports', value: 'X as Y:y' },
    { option: 'DefaultImports', value: 'class:y' },
    { option: 'GlobalNamespace', value: '1abc' },
    { option: 'GlobalNamespace', value: 'delete' },
  ])('refuses $option=$value with a 400 naming it, on both pages', async ({ option, value }) => {
    for (const path of ['types/typescript', 'types/typescript.d']) {
      const response = await typesAt(path, `${option}=${encodeURIComponent(value)}`)
      expect(response.status).toBe(400)
      const { ResponseStatus } = await readJson(response)
      expect(ResponseStatus.ErrorCode).toBe('ArgumentException')
      expect(ResponseStatus.Message).toContain(`The ${option} option`)
      expect(ResponseStatus.Errors).toEqual([expect.objectContaining({ FieldName: option })])
    }
  })

  it('writes the names it honours as code: a dotted namespace and Name:module imports', async () => {
    const response = await typesAt(
      'types/typescript',
      'GlobalNamespace=My.Dtos&DefaultImports=Dayjs:dayjs,Observable:"rxjs/Observable"',
    )
    expect(response.status).toBe(200)
    const code = await response.text()
    expect(code).toContain('\r\nGlobalNamespace: My.Dtos\r\n')
    expect(code).toContain('\r\nexport module MyDtos\r\n{\r\n')
    expect(code).toContain(
      '\r\nimport { Dayjs } from "dayjs";\r\nimport { Observable } from "rxjs/Observable";\r\n',
    )
  })
})
