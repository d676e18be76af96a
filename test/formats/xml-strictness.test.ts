import { describe, expect, it } from 'vitest'
import { createStore } from '../../src/index.ts'
import { buildApp, abTestId, commentKey } from '../support/index.ts'

// Issue 18, gap 1: XML is strict where DataContractSerializer is strict. What it refuses is a
// 400 SerializationException on the real host, not a dropped value as in the other formats.
// Issue 30, N11: the message is DataContractSerializer's own, which the host reports as the
// inner exception (SS `ServiceStackHost.Runtime.cs` l.582–590; the texts: xml-scalars.ts).

const commentNs = 'http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO'
const testNs = 'http://schemas.datacontract.org/2004/07/Cms.Services.ABTesting.ViewModels'
const nil = 'xmlns:i="http://www.w3.org/2001/XMLSchema-instance"'

async function putXml(
  path: string,
  body: string,
): Promise<{ status: number; text: string; warning: string | null }> {
  const { app } = buildApp()
  const response = await app.request(`/RestApi/${path}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/xml', Accept: 'application/json' },
    body,
  })
  const warning = response.headers.get('x-mock-warning')
  return { status: response.status, text: await response.text(), warning }
}

const store = createStore({ seed: 1 })
const key = commentKey(store)
const testId = abTestId(store)
const comment = (members: string, declaration = ''): string =>
  `${declaration}<CommentUpdateRequest ${nil} xmlns="${commentNs}">${members}<Key>${key}</Key></CommentUpdateRequest>`
const abTest = (members: string): string =>
  `<ABTestViewModel ${nil} xmlns="${testNs}"><Id>${testId}</Id>${members}</ABTestViewModel>`

describe('XML values DataContractSerializer refuses', () => {
  it.each([
    [
      'a decimal that is not one',
      'comments-api/comments',
      comment('<Rating>abc</Rating>'),
      "There was an error deserializing the object of type Cms.Services.Comments.DTO.CommentUpdateRequest. The value 'abc' cannot be parsed as the type 'decimal'.",
      'Rating',
    ],
    [
      'a decimal with an exponent',
      'comments-api/comments',
      comment('<Rating>1E2</Rating>'),
      "There was an error deserializing the object of type Cms.Services.Comments.DTO.CommentUpdateRequest. The value '1E2' cannot be parsed as the type 'decimal'.",
      'Rating',
    ],
    [
      'an enum in the wrong case',
      'ab-testing',
      abTest('<Status>active</Status>'),
      "Invalid enum value 'active' cannot be deserialized into type 'Cms.Services.ABTesting.ViewModels.ABTestStatus'. Ensure that the necessary enum values are present and are marked with EnumMemberAttribute attribute if the type has DataContractAttribute attribute.",
      'Status',
    ],
    [
      '/Date()/ in a date',
      'ab-testing',
      abTest('<StartDate>/Date(0)/</StartDate>'),
      "There was an error deserializing the object of type Cms.Services.ABTesting.ViewModels.ABTestViewModel. The value '/Date(0)/' cannot be parsed as the type 'DateTime'.",
      'StartDate',
    ],
    [
      'an int in a list item',
      'ab-testing',
      abTest(
        '<Variations><VariationViewModel><Distribution>x</Distribution></VariationViewModel></Variations>',
      ),
      "There was an error deserializing the object of type Cms.Services.ABTesting.ViewModels.ABTestViewModel. The value 'x' cannot be parsed as the type 'Int32'.",
      'Variations[0].Distribution',
    ],
    [
      'i:nil on a non-nullable field',
      'ab-testing',
      abTest(
        '<Variations><VariationViewModel><Distribution i:nil="true" /></VariationViewModel></Variations>',
      ),
      "ValueType 'System.Int32' cannot be null.",
      'Variations[0].Distribution',
    ],
    [
      'an encoding that is not the bytes',
      'comments-api/comments',
      comment('', '<?xml version="1.0" encoding="utf-16"?>'),
      "declares the encoding 'utf-16', but its bytes are UTF-8",
      undefined,
    ],
  ])('answers %s with 400 SerializationException', async (_, path, body, words, member) => {
    const { status, text, warning } = await putXml(path, body)
    expect(status).toBe(400)
    const { ResponseStatus } = JSON.parse(text) as {
      ResponseStatus: { ErrorCode: string; Message: string }
    }
    expect(ResponseStatus.ErrorCode).toBe('SerializationException')
    expect(ResponseStatus.Message).toContain(words)
    // DataContractSerializer's message names no member: the warning does.
    expect(warning ?? '').toContain(member === undefined ? '' : `XML member '${member}'`)
  })

  it.each([
    ['a decimal', 'comments-api/comments', comment('<Rating>4.50</Rating>')],
    ['an enum by its name', 'ab-testing', abTest('<Status>Active</Status>')],
    ['an xs:dateTime', 'ab-testing', abTest('<StartDate>2020-01-01T10:00:00Z</StartDate>')],
    ['i:nil on a nullable field', 'ab-testing', abTest('<StartDate i:nil="true" />')],
    [
      'a UTF-8 declaration',
      'comments-api/comments',
      comment('', '<?xml version="1.0" encoding="utf-8"?>'),
    ],
  ])('reads %s', async (_, path, body) => {
    const { status, text } = await putXml(path, body)
    expect(status, text).toBe(200)
  })
})
