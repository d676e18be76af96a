import { describe, expect, it } from 'vitest'
import { buildApp, commentKey } from '../support/index.ts'

// Issue 18, bugs 2 and 3: what DataContractSerializer refuses is a warning, and a 400 under
// --strict: a root in no namespace, and list items not named after their type.

const ns = 'http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO'
const testNs = 'http://schemas.datacontract.org/2004/07/Cms.Services.ABTesting.ViewModels'

async function put(
  strict: boolean,
  path: string,
  body: (key: string) => string,
): Promise<Response> {
  const { app, store } = buildApp({ strict })
  const key = path.includes('comments') ? commentKey(store) : ''
  return app.request(`/RestApi/${path}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/xml', Accept: 'application/json' },
    body: body(key),
  })
}

const noNamespace = (key: string): string =>
  `<CommentUpdateRequest><Key>${key}</Key></CommentUpdateRequest>`
const wrongItems = (): string =>
  `<ABTestViewModel xmlns="${testNs}"><Title>T</Title><Variations><Foo><Name>A</Name></Foo></Variations></ABTestViewModel>`

describe('XML bodies DataContractSerializer would refuse', () => {
  it.each([
    ['a root in no namespace', 'comments-api/comments', noNamespace, 'has no namespace'],
    [
      'a list item of another name',
      'ab-testing',
      wrongItems,
      "has an item 'Foo', not 'VariationViewModel'",
    ],
  ])('reads %s with a warning, and answers 400 under --strict', async (_, path, body, warning) => {
    const lenient = await put(false, path, body)
    expect(lenient.status).toBe(200)
    expect(lenient.headers.get('x-mock-warning')).toContain(warning)
    const strict = await put(true, path, body)
    expect(strict.status).toBe(400)
    expect(await strict.text()).toContain(warning)
  })

  it('reads a body in the expected namespace with no warning, also under --strict', async () => {
    const body = (key: string): string =>
      `<CommentUpdateRequest xmlns="${ns}"><Key>${key}</Key></CommentUpdateRequest>`
    const response = await put(true, 'comments-api/comments', body)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toBeNull()
  })
})
