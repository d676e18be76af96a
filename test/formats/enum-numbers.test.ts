import { describe, expect, it } from 'vitest'
import { abTestsPath, createPlane, type Way } from '../support/index.ts'

// Issue 30, C8: an enum sent as a number that names no member. ServiceStack.Text hands the
// text to Enum.Parse, which takes any Int32 (SST CachedTypeInfo.cs l.98–104, ParseUtils.cs
// l.59–73); the service stores it, and the writer's GetSerializedValue gives
// `enumValue.ToString()`, the number's text (CachedTypeInfo.cs l.89–96), or the number itself
// under TreatEnumAsInteger (Json/JsonTypeSerializer.cs l.281–290).

function put(body: string, query = ''): RequestInit & { path: string } {
  return {
    path: `${abTestsPath}${query}`,
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body,
  }
}

describe.each<Way>(['app', 'msw'])('an enum number through %s', (way) => {
  it('stores "Status":99 and writes it back as the text "99", with no warning', async () => {
    const plane = createPlane(way)
    const { path, ...init } = put('{"Title":"n","Status":99}')
    const response = await plane.request(path, init)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-mock-warning')).toBeNull()
    const text = await response.text()
    expect(text).toContain('"Status":"99"')
    const id = (JSON.parse(text) as { Id: string }).Id
    expect(plane.store.state.abTests.get(id)?.Status).toBe('99')
  })

  it('writes it as the number under ?jsconfig=teai, and in JSV as its text', async () => {
    const plane = createPlane(way)
    const asInteger = put('{"Title":"n","Status":"-3"}', '?jsconfig=teai')
    const { path, ...init } = asInteger
    expect(await (await plane.request(path, init)).text()).toContain('"Status":-3')
    const jsv = put('{"Title":"n","Status":7}', '.jsv')
    const { path: jsvPath, ...jsvInit } = jsv
    expect(await (await plane.request(jsvPath, jsvInit)).text()).toMatch(/[{,]Status:7[,}]/)
  })

  it('still writes a member sent by its number by name', async () => {
    const plane = createPlane(way)
    const { path, ...init } = put('{"Title":"n","Status":2}')
    expect(await (await plane.request(path, init)).text()).toContain('"Status":"Active"')
  })

  // Issue 39, C8: DataContractSerializer refuses to write the undefined value
  // (EnumDataContract.WriteEnumValue, SR.InvalidEnumValueOnWrite), a SerializationException
  // inside WriteToResponse, which the host answers 400 Bad Request (SS HttpRequestExtensions.cs
  // l.279; SF ServiceStackAppHost.cs l.71–77). The value is stored all the same.
  it('answers the XML of a stored undefined value 400 SerializationException, as DataContractSerializer refuses it', async () => {
    const plane = createPlane(way)
    const { path, ...init } = put('{"Title":"n","Status":99}', '.xml')
    const response = await plane.request(path, init)
    expect(response.status).toBe(400)
    const text = await response.text()
    expect(text).toContain('<ErrorCode>SerializationException</ErrorCode>')
    expect(text).toContain(
      "<Message>Enum value '99' is invalid for type 'Cms.Services.ABTesting.ViewModels.ABTestStatus' and cannot be serialized.",
    )
    expect(text).not.toContain('<Status>99</Status>')
    expect(response.headers.get('x-mock-warning')).toContain('cannot write this value')
    expect([...plane.store.state.abTests.values()].some((t) => String(t.Status) === '99')).toBe(
      true,
    )
  })
})
