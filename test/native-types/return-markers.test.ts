import { describe, expect, it } from 'vitest'
import { buildApp } from '../support/index.ts'

// Issue 30: which request classes the native types give a return marker, and which types the
// lists leave in, as ServiceStack 5.10 writes them (SS src/ServiceStack at tag v5.10). That the
// files compile is checked by tsc in typed-client.slow.test.ts.

const base = 'http://localhost/RestApi'

async function typesOf(query: string, path = 'types/typescript'): Promise<string> {
  const { app } = buildApp()
  const response = await app.request(`${base}/${path}${query}`)
  expect(response.status).toBe(200)
  return response.text()
}

/** The declaration of `name` in the code: from its `export class` line to its closing brace. */
function classOf(code: string, name: string): string {
  const start = code.indexOf(`export class ${name}`)
  expect(start).toBeGreaterThanOrEqual(0)
  return code.slice(start, code.indexOf('\r\n}', start) + 3)
}

describe('return markers', () => {
  // N1: RemoveIgnoredTypes sets a left-out response to null (NativeTypesMetadata.cs
  // l.1094–1100), so ImplementsFn has no marker to give (TypeScriptGenerator.cs l.252–265) and
  // neither createResponse nor getTypeName is written (l.403–435, 507–511).
  it('writes a request whose response IncludeTypes leaves out with no marker and no reference to it', async () => {
    const code = await typesOf('?IncludeTypes=CommentUpdateRequest')
    const request = classOf(code, 'CommentUpdateRequest')
    expect(request).not.toContain('implements')
    expect(request).not.toContain('createResponse')
    expect(request).not.toContain('getTypeName')
    expect(code).not.toContain('CommentResponse')
  })

  it('keeps the marker when the response is included too', async () => {
    const code = await typesOf('?IncludeTypes=CommentUpdateRequest,CommentResponse')
    expect(classOf(code, 'CommentUpdateRequest')).toContain(
      'export class CommentUpdateRequest implements IReturn<CommentResponse>',
    )
  })

  // NativeTypesMetadata.cs l.1089–1111: a response type named in IncludeTypes whose request is
  // left out is still written, as a plain type.
  it('writes a response IncludeTypes names without its request as a plain class', async () => {
    const code = await typesOf('?IncludeTypes=CommentResponse')
    expect(code).toContain('export class CommentResponse\r\n{')
    expect(code).not.toContain('class CommentUpdateRequest')
  })

  // N9: `public object Post(ContainerInfoMessage)` (SF Services/InlineEditing/
  // InlineEditingService.cs l.220) gives ServiceStack no response type (ServiceController.cs
  // l.156–165: object, and no ContainerInfoMessageResponse), so no marker is written.
  it.each(['types/typescript', 'types/typescript.d'])(
    'writes ContainerInfoMessage on %s with no return marker, under the route the mock serves',
    async (path) => {
      const code = await typesOf('?ExportAsTypes=true', path)
      const at = code.indexOf('export class ContainerInfoMessage')
      expect(code.slice(code.lastIndexOf('\r\n\r\n', at) + 4, at)).toBe(
        '// @Route("/{product}/inlineediting/containersInfo", "POST")\r\n',
      )
      const message = classOf(code, 'ContainerInfoMessage')
      expect(message.split('\r\n')[0]).toBe('export class ContainerInfoMessage')
      expect(message).not.toContain('createResponse')
      expect(message).not.toContain('getTypeName')
    },
  )

  it('writes the ambient ContainerInfoMessage as an interface that extends nothing', async () => {
    const code = await typesOf('', 'types/typescript.d')
    expect(code).toContain('\r\ninterface ContainerInfoMessage\r\n{')
  })

  it('answers no Response for ContainerInfoMessage in /types/metadata', async () => {
    const { app } = buildApp()
    const metadata = (await (await app.request(`${base}/types/metadata.json`)).json()) as {
      Operations: { Request: { Name: string }; Response?: { Name: string } }[]
    }
    const operation = metadata.Operations.find(
      (each) => each.Request.Name === 'ContainerInfoMessage',
    )
    expect(operation).toBeDefined()
    expect(operation?.Response).toBeUndefined()
  })
})

describe('ExcludeTypes keywords', () => {
  // N20: `services` and `types` empty Operations or Types (NativeTypesMetadata.cs l.1082–1083,
  // 1113–1116) and come back at the end of the list the header shows (l.1119–1122).
  it('writes no request or response for ExcludeTypes=services, and the other types still', async () => {
    const code = await typesOf('?ExcludeTypes=services')
    expect(code).not.toContain('class CommentUpdateRequest')
    expect(code).not.toContain('class CommentResponse')
    expect(code).toContain('export class VariationViewModel')
    expect(code).toContain('export enum GoalType')
    expect(code).toContain('\r\nExcludeTypes: services\r\n')
  })

  it('writes only the requests and responses (and the markers) for ExcludeTypes=types', async () => {
    const code = await typesOf('?ExcludeTypes=types')
    expect(code).toContain('export class CommentUpdateRequest implements IReturn<CommentResponse>')
    expect(code).toContain('export class CommentResponse')
    expect(code).toContain('export interface IReturn<T>')
    expect(code).not.toContain('class VariationViewModel')
    expect(code).not.toContain('enum GoalType')
  })

  it('writes the keywords last in the header, services before types', async () => {
    const code = await typesOf('?ExcludeTypes=types,services,GoalViewModel')
    expect(code).toContain('\r\nExcludeTypes: GoalViewModel,services,types\r\n')
  })
})
