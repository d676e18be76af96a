import { describe, expect, it } from 'vitest'
import {
  compareAnswers,
  type AnswerView,
} from '../../src/tools/verify/recording/compare-answers.ts'
import { ignoredBy } from '../../src/tools/verify/recording/difference.ts'
import { scalarForm } from '../../src/tools/verify/recording/scalar-form.ts'

// What verify compares, table by table (compare-answers.ts, compare-shape.ts, scalar-form.ts).

describe('scalarForm', () => {
  it.each([
    ['\\/Date(1700000000000)\\/', 'date /Date(ms)/'],
    ['/Date(1700000000000)/', 'date /Date(ms)/'],
    ['\\/Date(1700000000000-0000)\\/', 'date /Date(ms-0000)/'],
    ['\\/Date(1700000000000+0100)\\/', 'date /Date(ms±HHMM)/'],
    ['2026-03-01T12:00:00Z', 'date yyyy-MM-ddTHH:mm:ssZ'],
    ['2026-03-01T12:00:00.1234567Z', 'date yyyy-MM-ddTHH:mm:ssZ'],
    ['2026-03-01T12:00:00+01:00', 'date yyyy-MM-ddTHH:mm:ss±HH:mm'],
    ['2026-03-01T12:00:00', 'date yyyy-MM-ddTHH:mm:ss (no zone)'],
    ['2026-03-01', 'date yyyy-MM-dd'],
    ['c9f81923-8cf3-4e76-97d5-fe6ba04e7f50', 'guid (lowercase, dashed)'],
    ['C9F81923-8CF3-4E76-97D5-FE6BA04E7F50', 'guid (uppercase, dashed)'],
    ['c9f819238cf34e7697d5fe6ba04e7f50', 'guid (32 digits, no dashes)'],
    ['{c9f81923-8cf3-4e76-97d5-fe6ba04e7f50}', 'guid (braced)'],
    ['A new message', 'text'],
  ])('writes %s as %s', (text, form) => {
    expect(scalarForm(text)).toBe(form)
  })
})

const json = 'application/json; charset=utf-8'
const xml = 'application/xml'

function answer(body: string, type = json, more: [string, string][] = []): AnswerView {
  return {
    status: 200,
    statusText: 'OK',
    headers: [['Content-Type', type], ['Vary', 'Accept'], ...more],
    body,
  }
}

function fieldsOf(recorded: AnswerView, mock: AnswerView, ignore: string[] = []): string[] {
  const { differences } = compareAnswers(recorded, mock, {
    ignored: ignoredBy(ignore),
    reasonPhrase: () => 'OK',
  })
  return differences.map((difference) => `${difference.part} ${difference.field}`)
}

describe('compareAnswers', () => {
  it.each<[string, AnswerView, AnswerView, string[]]>([
    ['the same shape, other values', answer('{"A":"x","B":1}'), answer('{"A":"y","B":2}'), []],
    ['a field missing', answer('{"A":"x","B":1}'), answer('{"A":"x"}'), ['body B']],
    ['fields in another order', answer('{"A":"x","B":1}'), answer('{"B":1,"A":"x"}'), ['body A']],
    ['a number written as text', answer('{"B":1}'), answer('{"B":"1"}'), ['body B']],
    [
      'a nested field',
      answer('{"L":[{"C":true}]}'),
      answer('{"L":[{"D":true}]}'),
      ['body L[0].C', 'body L[0].D'],
    ],
    ['lists of other lengths', answer('{"L":[1,2,3]}'), answer('{"L":[4]}'), []],
    [
      'XML list items of another name',
      answer('<R xmlns="urn:a"><L><Item>1</Item><Item>2</Item></L></R>', xml),
      answer('<R xmlns="urn:a"><L><Other>1</Other><Other>2</Other></L></R>', xml),
      ['body L'],
    ],
    [
      'an XML namespace',
      answer('<R xmlns="urn:a"><A>1</A></R>', xml),
      answer('<R xmlns="urn:b"><A>1</A></R>', xml),
      ['body xmlns'],
    ],
    [
      'an XML root',
      answer('<R><A>1</A></R>', xml),
      answer('<S><A>1</A></S>', xml),
      ['body (root)'],
    ],
    [
      'the content type',
      answer('{}'),
      answer('{}', 'application/json'),
      ['content type Content-Type'],
    ],
    ['Vary', answer('{}', json, [['Vary', 'Origin']]), answer('{}'), []],
    [
      'X-Powered-By',
      answer('{}', json, [['X-Powered-By', 'ServiceStack/5.10 NetFx/Windows']]),
      answer('{}'),
      ['header x-powered-by'],
    ],
    [
      'the error, by value',
      answer(
        '{"ResponseStatus":{"ErrorCode":"ArgumentException","Message":"Invalid Key.","Errors":[]}}',
      ),
      answer(
        '{"ResponseStatus":{"ErrorCode":"ArgumentException","Message":"Bad Key.","Errors":[]}}',
      ),
      ['error ResponseStatus.Message'],
    ],
    [
      'an Errors entry',
      answer(
        '{"ResponseStatus":{"ErrorCode":"A","Message":"m","Errors":[{"ErrorCode":"A","FieldName":"Route","Message":"m"}]}}',
      ),
      answer(
        '{"ResponseStatus":{"ErrorCode":"A","Message":"m","Errors":[{"ErrorCode":"A","FieldName":"g","Message":"m"}]}}',
      ),
      ['error ResponseStatus.Errors[0].FieldName'],
    ],
    [
      'a debug-mode StackTrace, left out',
      answer('{"ResponseStatus":{"ErrorCode":"A","Message":"m","StackTrace":"at …"}}'),
      answer('{"ResponseStatus":{"ErrorCode":"A","Message":"m"}}'),
      [],
    ],
  ])('%s', (_name, recorded, mock, expected) => {
    expect(fieldsOf(recorded, mock, ['ResponseStatus.StackTrace'])).toEqual(expected)
  })

  it('compares the reason phrase, the in-process empty one as the standard phrase', () => {
    const recorded = { ...answer('{}'), status: 400, statusText: 'ArgumentException' }
    expect(fieldsOf(recorded, { ...recorded, statusText: 'ArgumentException' })).toEqual([])
    expect(fieldsOf(recorded, { ...recorded, statusText: '' })).toEqual(['reason reason phrase'])
  })

  it('leaves out what --ignore names, by name or by path', () => {
    const recorded = answer('{"A":{"B":"\\/Date(1)\\/"}}')
    const mock = answer('{"A":{"B":"\\/Date(1+0100)\\/"}}')
    expect(fieldsOf(recorded, mock)).toEqual(['body A.B'])
    expect(fieldsOf(recorded, mock, ['b'])).toEqual([])
    expect(fieldsOf(recorded, mock, ['A.B'])).toEqual([])
  })
})
