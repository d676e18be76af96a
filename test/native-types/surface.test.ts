import { XMLParser } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { metadataTypes } from '../../src/control/surface/metadata-types.ts'
import { metadataConfig, nativeTypeOptions } from '../../src/control/surface/native-type-options.ts'
import { typeScriptTypes } from '../../src/control/surface/typescript-types.ts'
import { defineDto, nullable, stringField } from '../../src/model/field.ts'
import { CommentResponse, CommentUpdateRequest } from '../../src/model/index.ts'
import { operations } from '../../handlers/index.ts'
import { buildApp, buildHostApp, commentKey } from '../support/index.ts'

// Issue 17: ServiceStack 5's developer surface under the base path, generated from the field
// tables, and the verb override its clients use.

const base = 'http://localhost/RestApi'

/** The code at `path`, its lines ending `\r\n` as the Windows host writes them, read with `\n`. */
async function typesOf(query = '', path = 'types/typescript'): Promise<string> {
  const { app } = buildApp()
  const response = await app.request(`${base}/${path}${query}`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
  const code = await response.text()
  expect(code.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
  return code.replaceAll('\r\n', '\n')
}

describe('/types/typescript options', () => {
  it('starts with the Options header typescript-ref reads back, every option commented out', async () => {
    const code = await typesOf()
    expect(code.split('\n').slice(2, 17)).toEqual([
      'Version: 5.10',
      'Tip: To override a DTO option, remove "//" prefix before updating',
      `BaseUrl: ${base}`,
      '',
      '//GlobalNamespace: ',
      '//MakePropertiesOptional: False',
      '//AddServiceStackTypes: True',
      '//AddResponseStatus: False',
      '//AddImplicitVersion: ',
      '//AddDescriptionAsComments: True',
      '//IncludeTypes: ',
      '//ExcludeTypes: ',
      '//DefaultImports: ',
      '*/',
      '',
    ])
  })

  it('honours IncludeTypes with references, and uncomments the options it was given', async () => {
    const code = await typesOf('?IncludeTypes=CommentUpdateRequest.*')
    expect(code).toContain('\nIncludeTypes: CommentUpdateRequest.*\n')
    expect(code).toContain('export class CommentUpdateRequest implements IReturn<CommentResponse>')
    expect(code).toContain('export class CommentResponse\n')
    expect(code).not.toContain('class ABTestViewModel')
    expect(code).not.toContain('enum GoalType')
  })

  it('honours ExcludeTypes, MakePropertiesOptional, AddResponseStatus and DefaultImports', async () => {
    const code = await typesOf(
      '?ExcludeTypes=ABTestViewModel,GoalViewModel&MakePropertiesOptional=true' +
        '&AddResponseStatus=true&DefaultImports=Dayjs:dayjs',
    )
    expect(code).not.toContain('class ABTestViewModel')
    expect(code).not.toContain('class GoalViewModel')
    expect(code).toContain('    public Key?: string;')
    expect(code).toContain('    public ResponseStatus: ResponseStatus;')
    expect(code).toContain('export class ResponseStatus')
    expect(code).toContain('import { Dayjs } from "dayjs";')
  })

  it('writes ambient interfaces for typescript.d, optional by default, classes with ExportAsTypes', async () => {
    const ambient = await typesOf('', 'types/typescript.d')
    expect(ambient).toContain(
      '\ninterface CommentUpdateRequest extends IReturn<CommentResponse>\n{\n    Key?: string;',
    )
    expect(ambient).toContain(
      'type GoalType = "NextPageView" | "FormSubmission" | "DecConversion";',
    )
    expect(ambient).not.toContain('export ')
    const exported = await typesOf('?ExportAsTypes=true', 'types/typescript.d')
    expect(exported).toContain(
      'export class CommentUpdateRequest implements IReturn<CommentResponse>',
    )
  })

  it('writes a field added to a field table, with no other change', () => {
    const extended = defineDto('CommentUpdateRequest', CommentUpdateRequest.namespace, {
      ...CommentUpdateRequest.fields,
      Culture: nullable(stringField()),
    })
    const operation = {
      method: 'PUT',
      route: '/comments-api/comments',
      requestDto: extended,
      responseDto: CommentResponse,
    }
    const options = nativeTypeOptions(new URLSearchParams(), base, false)
    const metadata = metadataTypes([operation], metadataConfig(options))
    expect(metadata.Operations[0]?.Request.Properties?.map((p) => p.Name)).toContain('Culture')
    expect(typeScriptTypes(metadata, options, new Date())).toContain(
      '    public Culture: string;\r\n',
    )
  })
})

describe('/types, /types/metadata', () => {
  it('answers the links', async () => {
    const { app } = buildApp()
    const response = await app.request(`${base}/types`)
    expect(await response.json()).toEqual({
      Metadata: `${base}/types/metadata`,
      TypeScript: `${base}/types/typescript`,
      TypeScriptDefinition: `${base}/types/typescript.d`,
    })
  })

  it('answers MetadataTypes, negotiated like any answer', async () => {
    const { app } = buildHostApp()
    const json = (await (await app.request(`${base}/types/metadata.json`)).json()) as any
    expect(
      json.Operations.map((op: any) => [
        op.Request.Name,
        op.Response?.Name,
        op.Routes[0].Path,
        op.Actions,
      ]),
    ).toEqual(
      // One per operation of the list, in its order; no response type where the service
      // returns `object`.
      operations.map((op) => [
        op.requestDto.name,
        op.returnsObject ? undefined : op.responseDto.name,
        op.route,
        [op.method],
      ]),
    )
    expect(
      json.Operations.slice(0, 4).map((op: any) => [op.Request.Name, op.Response?.Name]),
    ).toEqual([
      ['ABTestViewModel', 'ABTestViewModel'],
      ['CreateService', 'CreateService'],
      // `object Post(ContainerInfoMessage)`: no response type (issue 30, N9).
      ['ContainerInfoMessage', undefined],
      ['CommentUpdateRequest', 'CommentResponse'],
    ])
    const named = (name: string): any => json.Operations.find((op: any) => op.Request.Name === name)
    expect(named('CreateService').Request.Inherits).toEqual({
      Name: 'ServiceBaseRequest',
      Namespace: 'Cms.Services.Api.Messages',
    })
    expect(json.Types.map((type: any) => type.Name)).toContain('GoalType')
    const rating = named('CommentUpdateRequest').Request.Properties.find(
      (p: any) => p.Name === 'Rating',
    )
    expect(rating).toEqual({
      Name: 'Rating',
      Type: 'Nullable`1',
      IsValueType: true,
      IsSystemType: true,
      TypeNamespace: 'System',
      GenericArgs: ['Decimal'],
    })
    const xml = await app.request(`${base}/types/metadata`, {
      headers: { Accept: 'application/xml' },
    })
    expect(xml.headers.get('content-type')).toBe('application/xml')
    const parsed = new XMLParser().parse(await xml.text())
    expect(parsed.MetadataTypes.Config.BaseUrl).toBe(base)
    const html = await app.request(`${base}/types/metadata`)
    expect(html.headers.get('content-type')).toBe('text/html')
  })
})

describe('X-HTTP-Method-Override', () => {
  const body = (key: string): string => JSON.stringify({ Key: key, Message: 'Overridden' })

  it.each([
    ['the header', '', { 'X-HTTP-Method-Override': 'PUT' }],
    ['the query string', '?X-HTTP-Method-Override=put', {}],
  ])('reaches the PUT operation of a POST from %s', async (_where, query, headers) => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const response = await app.request(`${base}/comments-api/comments${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: body(key),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as any).Message).toBe('Overridden')
  })

  it('reads it from a form field, and the operation still reads the same form', async () => {
    const { app, store } = buildApp()
    const key = commentKey(store)
    const response = await app.request(`${base}/comments-api/comments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        'X-HTTP-Method-Override': 'PUT',
        Key: key,
        Message: 'From a form',
      }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as any).Message).toBe('From a form')
  })

  it('leaves a POST without it a POST: the PUT route is then a 404', async () => {
    const { app } = buildApp()
    const response = await app.request(`${base}/comments-api/comments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(404)
  })
})

describe("the client's default /api/{Dto} path", () => {
  it('keeps the real 404 and says in X-Mock-Warning that useBasePath() fixes it', async () => {
    const { app } = buildApp()
    const response = await app.request(`${base}/api/CommentUpdateRequest`, {
      method: 'PUT',
      body: '{}',
    })
    expect(response.status).toBe(404)
    expect(response.headers.get('x-mock-warning')).toContain('client.useBasePath()')
    expect(response.headers.get('x-mock-warning')).toContain(
      '/RestApi/json/reply/CommentUpdateRequest',
    )
    const other = await app.request(`${base}/api/NoSuchDto`, { method: 'PUT', body: '{}' })
    expect(other.status).toBe(404)
    // No operation of that name: the near-miss sentence, not the client's hint.
    expect(other.headers.get('x-mock-warning')).not.toContain('useBasePath')
    expect(other.headers.get('x-mock-warning')).toMatch(/^no operation answers PUT /)
  })
})
