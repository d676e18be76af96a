import { describe, expect, it } from 'vitest'
import { buildApp } from '../support/index.ts'

// Issue 30: the bytes and headers of the native types and metadata pages, as ServiceStack 5.10
// writes them on the Windows host (SS src/ServiceStack at tag v5.10).

const base = 'http://localhost/RestApi'

describe('/types/typescript and /types/typescript.d', () => {
  // N13: the generator writes every line with StringBuilder.AppendLine
  // (NativeTypes/StringBuilderWrapper.cs l.20–30), which is `\r\n` on Windows.
  it.each(['types/typescript', 'types/typescript.d'])(
    'ends every line of %s with \\r\\n',
    async (path) => {
      const { app } = buildApp()
      const code = await (await app.request(`${base}/${path}`)).text()
      expect(code.startsWith('/* Options:\r\nDate: ')).toBe(true)
      expect(code.endsWith('}\r\n\r\n')).toBe(true)
      expect(code.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
    },
  )

  // N14: these are a service's answers, written with the global headers
  // (HttpResponseExtensionsInternal.cs l.171), of which Sitefinity removes only X-Powered-By.
  it.each(['types/typescript', 'types/typescript.d'])(
    'answers %s with Vary: Accept',
    async (path) => {
      const { app } = buildApp()
      const response = await app.request(`${base}/${path}`)
      expect(response.headers.get('vary') ?? '').toMatch(/(^|,\s*)Accept(\s*,|$)/)
    },
  )

  // The metadata pages end with EndHttpHandlerRequestAsync(skipHeaders: true)
  // (Metadata/BaseMetadataHandler.cs l.29): no global headers.
  it.each(['metadata', 'json/metadata?op=CommentUpdateRequest'])(
    'answers /%s with no Vary',
    async (path) => {
      const { app } = buildApp()
      const response = await app.request(`${base}/${path}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('vary')).toBeNull()
    },
  )

  // N15: ResponseStatus.Meta and ResponseError.Meta are Dictionary<string,string>, which the
  // generator writes as an index type (TypeScript/TypeScriptGenerator.cs l.718–723).
  it.each([
    ['types/typescript', '    public Meta: { [index: string]: string; };'],
    ['types/typescript.d', '    Meta?: { [index: string]: string; };'],
  ])('types Meta as a string dictionary on %s with AddResponseStatus', async (path, line) => {
    const { app } = buildApp()
    const code = await (await app.request(`${base}/${path}?AddResponseStatus=true`)).text()
    const metas = code.split('\r\n').filter((each) => /^ +(public )?Meta\??:/.test(each))
    expect(metas).toEqual([line, line])
  })
})

describe('the metadata operation pages', () => {
  /** The text of the page's sample with this id, its HTML entities read back. */
  async function sampleOf(path: string, id: string): Promise<string | null> {
    const { app } = buildApp()
    const html = await (await app.request(`${base}/${path}`)).text()
    const found = new RegExp(`<pre id="${id}">([^<]*)</pre>`).exec(html)
    return found ? (found[1] as string).replaceAll('&amp;', '&') : null
  }

  // N16: OperationControl.cs l.38–51 sends the sample to the operation's route below the
  // handler path, and l.116–122 end the first two lines with a space.
  it.each([
    ['json', 'CommentUpdateRequest', 'PUT /RestApi/comments-api/comments HTTP/1.1 '],
    ['xml', 'ABTestViewModel', 'PUT /RestApi/ab-testing HTTP/1.1 '],
    ['csv', 'CreateService', 'POST /RestApi/apiservice/createService HTTP/1.1 '],
    [
      'jsv',
      'ContainerInfoMessage',
      'POST /RestApi/{product}/inlineediting/containersInfo HTTP/1.1 ',
    ],
  ])(
    'starts the %s sample request of %s with the route it is served at',
    async (format, op, line) => {
      const request = await sampleOf(`${format}/metadata?op=${op}`, 'request-sample')
      expect(request?.split('\n').slice(0, 2)).toEqual([line, 'Host: localhost '])
    },
  )

  // BaseMetadataHandler.cs l.64–70 writes a response sample only for a response type, which
  // `object Post(ContainerInfoMessage)` does not give (ServiceController.cs l.156–165).
  it('shows no response sample for ContainerInfoMessage, and one for the others', async () => {
    expect(await sampleOf('json/metadata?op=ContainerInfoMessage', 'response-sample')).toBeNull()
    const comment = await sampleOf('json/metadata?op=CommentUpdateRequest', 'response-sample')
    expect(comment?.startsWith('HTTP/1.1 200 OK\n')).toBe(true)
  })
})
