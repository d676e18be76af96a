import { describe, expect, it } from 'vitest'
import {
  ABTestViewModel,
  CommentResponse,
  ContainerInfoMessage,
  ContainerInfoModel,
  CreateService,
  ContentsProxy,
  ErrorResponse,
  FieldModel,
  GoalViewModel,
  LifecycleStatusModel,
  ResponseStatus,
  VariationViewModel,
  completeDto,
} from '../../src/model/index.ts'
import { DecodeError } from '../../src/wire/request/decode-error.ts'
import {
  defaultWriteOptions,
  parseJsConfig,
  type WriteOptions,
} from '../../src/wire/formats/jsconfig.ts'
import { readJson, writeJson } from '../../src/wire/formats/json.ts'
import { defaultLimits } from '../../src/wire/request/limits.ts'
import { decodeErrorOf } from './read-helpers.ts'

// servicestack-wire.md sections 3.2 (reading) and 6 (writing); decisions.md sections 3 and 4.

const now = new Date(Date.UTC(2024, 4, 6, 7, 8, 9)) // 1714979289000

describe('readJson', () => {
  it.each<{ behaviour: string; text: string }>([
    { behaviour: 'an empty body', text: '' },
    { behaviour: 'a whitespace body', text: ' \r\n\t ' },
    { behaviour: 'an empty object', text: '{}' },
  ])('reads $behaviour as an empty DTO', ({ text }) => {
    expect(readJson(text, 'CommentUpdateRequest', defaultLimits)).toEqual({})
  })

  it('reads an object after leading whitespace', () => {
    expect(readJson('  \n{"Key":"a","Rating":4.5}', 'CommentUpdateRequest', defaultLimits)).toEqual(
      {
        Key: 'a',
        Rating: 4.5,
      },
    )
  })

  it.each<{ behaviour: string; text: string; start: string }>([
    { behaviour: 'an array', text: '[{"Key":"a"}]', start: '[{"Key":"a"}]' },
    { behaviour: 'a string', text: '"Key"', start: '"Key"' },
    { behaviour: 'a number', text: '42', start: '42' },
    { behaviour: 'JSV-looking text after whitespace', text: '   Key:a', start: 'Key:a' },
    {
      behaviour: 'a long text (shown up to 50 characters)',
      text: 'x'.repeat(30) + 'y'.repeat(30),
      start: 'x'.repeat(30) + 'y'.repeat(20),
    },
  ])('refuses $behaviour with the ServiceStack message', ({ text, start }) => {
    const error = decodeErrorOf(() => readJson(text, 'CommentUpdateRequest', defaultLimits))
    expect(error.message).toBe(
      `Type definitions should start with a '{', expecting serialized type 'CommentUpdateRequest', got string starting with: ${start}`,
    )
    expect(error.status).toBe(400)
    expect(error.errorCode).toBe('SerializationException')
  })

  it.each<{ behaviour: string; text: string }>([
    // A missing closing brace, a trailing comma and text after the object are read leniently,
    // as ServiceStack.Text reads them (lenient-json.test.ts).
    { behaviour: 'a truncated object', text: '{"Key":' },
    { behaviour: 'unquoted names', text: '{Key:"a"}' },
    { behaviour: 'a value cut off inside a string', text: '{"Key":"a' },
  ])('answers 400 SerializationException for broken JSON: $behaviour', ({ text }) => {
    const error = decodeErrorOf(() => readJson(text, 'CommentUpdateRequest', defaultLimits))
    expect(error.status).toBe(400)
    expect(error.errorCode).toBe('SerializationException')
    expect(error.message).toContain('CommentUpdateRequest')
  })

  it('refuses nesting deeper than the limit before parsing', () => {
    const deep = '{"a":'.repeat(70) + '1' + '}'.repeat(70)
    const error = decodeErrorOf(() => readJson(deep, 'ABTestViewModel', defaultLimits))
    expect(error.status).toBe(400)
    expect(error.message).toContain('64')
  })

  it('accepts nesting exactly at a custom limit and refuses one level more', () => {
    const limits = { ...defaultLimits, depth: 3 }
    expect(readJson('{"a":{"b":{"c":1}}}', 'X', limits)).toEqual({ a: { b: { c: 1 } } })
    expect(() => readJson('{"a":{"b":{"c":{}}}}', 'X', limits)).toThrow(DecodeError)
  })

  it('keeps __proto__ as an own key and pollutes no prototype', () => {
    const tree = readJson(
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      'CommentUpdateRequest',
      defaultLimits,
    ) as Record<string, unknown>
    expect(Object.hasOwn(tree, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(tree)).toBe(Object.prototype)
    expect(Object.keys(tree)).toEqual(['__proto__', 'constructor'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((tree as { polluted?: unknown }).polluted).toBeUndefined()
  })
})

describe('writeJson', () => {
  const comment = completeDto(
    CommentResponse,
    {
      Key: 'c-1',
      Name: 'Ann Lee',
      Message: 'Hi "there"\nsee a/b',
      DateCreated: new Date(Date.UTC(2020, 0, 1)),
      Status: 'Published',
      Email: 'ann@example.com',
      ThreadKey: 'thread-1',
      Rating: 4.5,
    },
    now,
  )

  const abTest = completeDto(
    ABTestViewModel,
    {
      Id: 'ab-1',
      Title: 'Home page test',
      StartDate: new Date(Date.UTC(2020, 0, 1)),
      Page: 'page-1',
      SiteId: 'site-1',
      Culture: 'en',
      Variations: [
        completeDto(
          VariationViewModel,
          { Id: 'v-1', Name: 'Original', Distribution: 100, IsOriginal: true, PageDataId: 'pd-1' },
          now,
        ),
      ],
      Goals: [
        completeDto(
          GoalViewModel,
          { Id: 'g-1', GoalType: 'FormSubmission', ObjectId: 'form-1', IsPrimary: true },
          now,
        ),
      ],
      LastModified: new Date(Date.UTC(2020, 1, 1)),
      Status: 'Active',
      SelectedVariationId: '0123abcd-4567-89ef-0123-456789abcdef',
    },
    now,
  )

  it('writes a CommentResponse: PascalCase, declaration order, nulls omitted, escaped dates', () => {
    expect(writeJson(CommentResponse, comment, defaultWriteOptions)).toBe(
      String.raw`{"Key":"c-1","Name":"Ann Lee","Message":"Hi \"there\"\nsee a/b","DateCreated":"\/Date(1577836800000)\/","Status":"Published","Email":"ann@example.com","ThreadKey":"thread-1","Rating":4.5}`,
    )
  })

  it('writes an ABTestViewModel with one variation and one goal', () => {
    expect(writeJson(ABTestViewModel, abTest, defaultWriteOptions)).toBe(
      String.raw`{"Id":"ab-1","Title":"Home page test","StartDate":"\/Date(1577836800000)\/","Page":"page-1","SiteId":"site-1","Culture":"en","Variations":[{"Id":"v-1","Name":"Original","Distribution":100,"IsOriginal":true,"Ordinal":0,"PageDataId":"pd-1"}],"Goals":[{"Id":"g-1","GoalType":"FormSubmission","ObjectId":"form-1","IsPrimary":true,"Ordinal":0}],"LastModified":"\/Date(1580515200000)\/","Status":"Active","SelectedVariationId":"0123abcd-4567-89ef-0123-456789abcdef"}`,
    )
  })

  it('writes the backslashes of "\\/Date(ms)\\/" literally, so a JSON reader sees /Date(ms)/', () => {
    const text = writeJson(CommentResponse, comment, defaultWriteOptions)
    expect(text).toContain('"DateCreated":"\\/Date(1577836800000)\\/"')
    expect((JSON.parse(text) as { DateCreated: string }).DateCreated).toBe('/Date(1577836800000)/')
  })

  it('writes output that JSON.parse reads back to the same values', () => {
    const parsed = JSON.parse(writeJson(ABTestViewModel, abTest, defaultWriteOptions)) as Record<
      string,
      unknown
    >
    expect(parsed.Id).toBe('ab-1')
    expect(parsed.Variations).toEqual([
      {
        Id: 'v-1',
        Name: 'Original',
        Distribution: 100,
        IsOriginal: true,
        Ordinal: 0,
        PageDataId: 'pd-1',
      },
    ])
  })

  it('keeps defaults: 0, false and the empty string', () => {
    const empty = completeDto(ABTestViewModel, { LastModified: new Date(0) }, now)
    expect(writeJson(ABTestViewModel, empty, defaultWriteOptions)).toBe(
      String.raw`{"Id":"","Page":"","SiteId":"","LastModified":"\/Date(0)\/"}`,
    )
    const variation = completeDto(VariationViewModel, { IsOriginal: false }, now)
    expect(writeJson(VariationViewModel, variation, defaultWriteOptions)).toBe(
      '{"Distribution":0,"IsOriginal":false,"Ordinal":0}',
    )
    const service = completeDto(CreateService, { Route: 'r' }, now)
    expect(writeJson(CreateService, service, defaultWriteOptions)).toBe(
      '{"Route":"r","Enabled":false,"AutogenerateTypes":false}',
    )
  })

  it('writes nested objects and lists of lists', () => {
    const message = completeDto(
      ContainerInfoMessage,
      {
        PageId: 'p-1',
        ContainersInfo: [
          completeDto(
            ContainerInfoModel,
            {
              ItemId: 'i-1',
              ItemStatus: completeDto(
                LifecycleStatusModel,
                { IsAdmin: true, IsLocked: false },
                now,
              ),
              Fields: [
                completeDto(FieldModel, { Name: 'Title', MinLength: 1, MaxLength: 255 }, now),
                completeDto(FieldModel, { Name: 'Price', MinValue: 0, MaxValue: 99.5 }, now),
              ],
            },
            now,
          ),
        ],
      },
      now,
    )
    expect(writeJson(ContainerInfoMessage, message, defaultWriteOptions)).toBe(
      '{"PageId":"p-1","ContainersInfo":[{"ItemId":"i-1","ItemStatus":{"IsAdmin":true,"IsLocked":false},"Fields":[{"Name":"Title","MinLength":1,"MaxLength":255},{"Name":"Price","MinValue":0,"MaxValue":99.5}]}]}',
    )
  })

  it('writes a recursive ContentsProxy tree', () => {
    const service = completeDto(
      CreateService,
      {
        Route: 'news',
        Types: [
          completeDto(
            ContentsProxy,
            { Name: 'News', Children: [completeDto(ContentsProxy, { Name: 'Comment' }, now)] },
            now,
          ),
        ],
      },
      now,
    )
    expect(writeJson(CreateService, service, defaultWriteOptions)).toBe(
      '{"Route":"news","Enabled":false,"AutogenerateTypes":false,"Types":[{"Name":"News","ReadOnly":false,"Children":[{"Name":"Comment","ReadOnly":false,"AutogenerateProperties":false}],"AutogenerateProperties":false}]}',
    )
  })

  it('writes an empty list as []', () => {
    const test = completeDto(ABTestViewModel, { Variations: [], LastModified: new Date(0) }, now)
    expect(writeJson(ABTestViewModel, test, defaultWriteOptions)).toContain('"Variations":[]')
  })

  it.each<{ behaviour: string; value: unknown; token: string }>([
    { behaviour: 'a number', value: 5, token: '5' },
    { behaviour: 'a string', value: 'abc', token: '"abc"' },
    { behaviour: 'a boolean', value: true, token: 'true' },
    { behaviour: 'an object', value: { a: 1, b: [true, null] }, token: '{"a":1,"b":[true,null]}' },
    { behaviour: 'an array', value: [1, 'x'], token: '[1,"x"]' },
  ])('writes an any-typed value that is $behaviour as it is', ({ value, token }) => {
    const field = completeDto(FieldModel, { MinValue: value }, now)
    expect(writeJson(FieldModel, field, defaultWriteOptions)).toBe(`{"MinValue":${token}}`)
  })

  it.each<{ behaviour: string; text: string; token: string }>([
    { behaviour: 'a quote and a backslash', text: 'a"b\\c', token: String.raw`"a\"b\\c"` },
    { behaviour: 'tab, CR, LF', text: '\t\r\n', token: String.raw`"\t\r\n"` },
    { behaviour: 'a control character', text: '\u0001', token: String.raw`"\u0001"` },
    { behaviour: 'a slash (not escaped outside dates)', text: '</p>', token: '"</p>"' },
    { behaviour: 'non-ASCII (written raw)', text: 'Zoë 😀', token: '"Zoë 😀"' },
  ])('escapes strings as ServiceStack.Text does: $behaviour', ({ text, token }) => {
    const value = completeDto(CommentResponse, { Message: text, DateCreated: new Date(0) }, now)
    expect(writeJson(CommentResponse, value, defaultWriteOptions)).toBe(
      `{"Message":${token},"DateCreated":"\\/Date(0)\\/"}`,
    )
  })

  it('writes the error DTO with its nested ResponseStatus', () => {
    const error = completeDto(
      ErrorResponse,
      {
        ResponseStatus: completeDto(
          ResponseStatus,
          { ErrorCode: 'ArgumentException', Message: 'Invalid Key.', Errors: [] },
          now,
        ),
      },
      now,
    )
    expect(writeJson(ErrorResponse, error, defaultWriteOptions)).toBe(
      '{"ResponseStatus":{"ErrorCode":"ArgumentException","Message":"Invalid Key.","Errors":[]}}',
    )
  })

  describe('with ?jsconfig= options', () => {
    function options(changes: Partial<WriteOptions>): WriteOptions {
      return { ...defaultWriteOptions, ...changes }
    }

    it('writes camelCase names', () => {
      expect(writeJson(CommentResponse, comment, options({ textCase: 'CamelCase' }))).toBe(
        String.raw`{"key":"c-1","name":"Ann Lee","message":"Hi \"there\"\nsee a/b","dateCreated":"\/Date(1577836800000)\/","status":"Published","email":"ann@example.com","threadKey":"thread-1","rating":4.5}`,
      )
    })

    it('writes camelCase names inside nested objects and lists', () => {
      const text = writeJson(ABTestViewModel, abTest, options({ textCase: 'CamelCase' }))
      expect(text).toContain('"variations":[{"id":"v-1","name":"Original","distribution":100,')
      expect(text).toContain('"goals":[{"id":"g-1","goalType":"FormSubmission"')
      expect(text).toContain('"selectedVariationId":')
    })

    it('writes snake_case names', () => {
      expect(writeJson(CommentResponse, comment, options({ textCase: 'SnakeCase' }))).toBe(
        String.raw`{"key":"c-1","name":"Ann Lee","message":"Hi \"there\"\nsee a/b","date_created":"\/Date(1577836800000)\/","status":"Published","email":"ann@example.com","thread_key":"thread-1","rating":4.5}`,
      )
    })

    it('writes nulls in declaration order with IncludeNullValues', () => {
      expect(writeJson(CommentResponse, comment, options({ includeNullValues: true }))).toBe(
        String.raw`{"Key":"c-1","Name":"Ann Lee","Message":"Hi \"there\"\nsee a/b","DateCreated":"\/Date(1577836800000)\/","ProfilePictureUrl":null,"ProfilePictureThumbnailUrl":null,"Status":"Published","Email":"ann@example.com","ThreadKey":"thread-1","AuthorIpAddress":null,"CustomData":null,"Rating":4.5}`,
      )
    })

    it('writes nulls of nested objects with IncludeNullValues', () => {
      const variation = completeDto(VariationViewModel, { Name: 'B' }, now)
      expect(writeJson(VariationViewModel, variation, options({ includeNullValues: true }))).toBe(
        '{"Id":null,"Name":"B","Distribution":0,"IsOriginal":null,"Ordinal":0,"PageDataId":null,"IsWinner":null}',
      )
    })

    it('omits 0 and false of non-nullable fields with ExcludeDefaultValues, keeping the rest', () => {
      const variation = completeDto(
        VariationViewModel,
        { Name: 'B', Distribution: 0, Ordinal: 2 },
        now,
      )
      expect(
        writeJson(VariationViewModel, variation, options({ excludeDefaultValues: true })),
      ).toBe('{"Name":"B","Ordinal":2}')
      const service = completeDto(
        CreateService,
        { Route: 'r', Enabled: false, AutogenerateTypes: true },
        now,
      )
      expect(writeJson(CreateService, service, options({ excludeDefaultValues: true }))).toBe(
        '{"Route":"r","AutogenerateTypes":true}',
      )
    })

    it('keeps false and 0 of nullable fields with ExcludeDefaultValues: their default is null', () => {
      const variation = completeDto(
        VariationViewModel,
        { Name: 'B', IsOriginal: false, IsWinner: false },
        now,
      )
      expect(
        writeJson(VariationViewModel, variation, options({ excludeDefaultValues: true })),
      ).toBe('{"Name":"B","IsOriginal":false,"IsWinner":false}')
    })

    it('omits DateTime.MinValue with ExcludeDefaultValues', () => {
      const test = completeDto(
        ABTestViewModel,
        { Id: 'a', LastModified: new Date(-62135596800000) },
        now,
      )
      expect(writeJson(ABTestViewModel, test, options({ excludeDefaultValues: true }))).toBe(
        '{"Id":"a","Page":"","SiteId":""}',
      )
    })

    it('writes enums as the index of their value with TreatEnumAsInteger', () => {
      const text = writeJson(ABTestViewModel, abTest, options({ treatEnumAsInteger: true }))
      expect(text).toContain('"GoalType":1,')
      expect(text).toContain('"Status":2,')
      const ended = completeDto(
        ABTestViewModel,
        { Status: 'Ended', LastModified: new Date(0) },
        now,
      )
      expect(writeJson(ABTestViewModel, ended, options({ treatEnumAsInteger: true }))).toContain(
        '"Status":4',
      )
      const notStarted = completeDto(
        ABTestViewModel,
        { Status: 'NotStarted', LastModified: new Date(0) },
        now,
      )
      expect(
        writeJson(ABTestViewModel, notStarted, options({ treatEnumAsInteger: true })),
      ).toContain('"Status":0')
    })

    it('writes +0000 on UTC dates with AppendUtcOffset', () => {
      expect(writeJson(CommentResponse, comment, options({ appendUtcOffset: true }))).toContain(
        String.raw`"DateCreated":"\/Date(1577836800000+0000)\/"`,
      )
    })

    it('writes ISO 8601 dates with DateHandler ISO8601', () => {
      expect(writeJson(CommentResponse, comment, options({ dateHandler: 'ISO8601' }))).toContain(
        '"DateCreated":"2020-01-01T00:00:00.0000000Z"',
      )
    })

    it('writes bare Unix seconds with DateHandler UnixTime', () => {
      expect(writeJson(CommentResponse, comment, options({ dateHandler: 'UnixTime' }))).toContain(
        '"DateCreated":1577836800,',
      )
    })

    it('combines options read from ?jsconfig=dh:iso8601do,eccn,inv', () => {
      const value = completeDto(
        CommentResponse,
        { Key: 'k', DateCreated: new Date(Date.UTC(2020, 0, 1)) },
        now,
      )
      expect(writeJson(CommentResponse, value, parseJsConfig('dh:iso8601do,eccn,inv'))).toBe(
        '{"key":"k","name":null,"message":null,"dateCreated":"2020-01-01","profilePictureUrl":null,"profilePictureThumbnailUrl":null,"status":null,"email":null,"threadKey":null,"authorIpAddress":null,"customData":null,"rating":null}',
      )
    })
  })
})
