import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  ABTestViewModel,
  CommentUpdateRequest,
  ContainerInfoMessage,
  ContainerInfoModel,
  CreateService,
  completeDto,
  type DtoDef,
} from '../../src/model/index.ts'
import { bindDto } from '../../src/wire/bind-dto.ts'
import { codecs } from '../../src/wire/codecs.ts'
import { DecodeError } from '../../src/wire/decode-error.ts'
import { readCsv } from '../../src/wire/formats/csv-read.ts'
import { readJsv } from '../../src/wire/formats/jsv-read.ts'
import { readXml } from '../../src/wire/formats/xml-read.ts'
import { defaultLimits } from '../../src/wire/limits.ts'
import { isLooseObject, type Loose } from '../../src/wire/loose.ts'
import { abTest, containerInfo, createService } from './fixtures.ts'
import { fixedNow, readContext } from '../support/index.ts'

// Request body readers: servicestack-wire.md sections 3.2 to 3.5, decisions.md section 3.

function decodeErrorOf(action: () => unknown): DecodeError {
  try {
    action()
  } catch (error) {
    if (error instanceof DecodeError) return error
    throw new Error(`Failed to read: expected a DecodeError, got ${String(error)}`, {
      cause: error,
    })
  }
  throw new Error('Failed to read: expected a DecodeError, got none')
}

function expectRefused(action: () => unknown, message?: RegExp): void {
  const error = decodeErrorOf(action)
  expect(error.status).toBe(400)
  expect(error.errorCode).toBe('SerializationException')
  if (message) expect(error.message).toMatch(message)
}

function nested(open: string, close: string, levels: number, inner = ''): string {
  return open.repeat(levels) + inner + close.repeat(levels)
}

const depth = defaultLimits.depth

describe('readJsv', () => {
  it.each<{ behaviour: string; text: string; tree: Loose }>([
    { behaviour: 'an object', text: '{Key:a,Rating:4.5}', tree: { Key: 'a', Rating: '4.5' } },
    { behaviour: 'a list', text: '[a,b,c]', tree: ['a', 'b', 'c'] },
    {
      behaviour: 'nested objects and lists',
      text: '{A:[{B:{C:[x,y]}},{D:1}],E:{}}',
      tree: { A: [{ B: { C: ['x', 'y'] } }, { D: '1' }], E: {} },
    },
    {
      behaviour: 'a quoted value with a comma',
      text: '{Name:"Me, Junior"}',
      tree: { Name: 'Me, Junior' },
    },
    {
      behaviour: 'doubled quotes inside a quoted value',
      text: '{Size:"2"" x 1"""}',
      tree: { Size: '2" x 1"' },
    },
    {
      behaviour: 'special characters inside a quoted value',
      text: '{Url:"http://x/?a=[1]&b={2}",Lines:"a\r\nb"}',
      tree: { Url: 'http://x/?a=[1]&b={2}', Lines: 'a\r\nb' },
    },
    { behaviour: 'an empty string', text: '{Key:""}', tree: { Key: '' } },
    { behaviour: 'an empty value as null', text: '{Key:,Name:b}', tree: { Key: null, Name: 'b' } },
    { behaviour: 'an empty list', text: '{List:[]}', tree: { List: [] } },
    { behaviour: 'an empty object', text: '{}', tree: {} },
    { behaviour: 'empty list items as nulls', text: '[,]', tree: [null, null] },
    { behaviour: 'an unquoted value with spaces inside', text: '{N:a b c}', tree: { N: 'a b c' } },
    { behaviour: 'non-ASCII text', text: '{N:héllo 😀}', tree: { N: 'héllo 😀' } },
    {
      behaviour: 'JSON notation',
      text: '{"Key": "x", "Rating": 4.5}',
      tree: { Key: 'x', Rating: '4.5' },
    },
    {
      behaviour: 'pretty-printed JSON notation',
      text: '{\n  "Key": "x",\n  "Fields": [ { "Name": "T" } ]\n}\n',
      tree: { Key: 'x', Fields: [{ Name: 'T' }] },
    },
    {
      behaviour: 'JSON-notation booleans and numbers as text',
      text: '{"A": true, "B": -1.5e3}',
      tree: { A: 'true', B: '-1.5e3' },
    },
  ])('reads $behaviour', ({ text, tree }) => {
    expect(readJsv(text, defaultLimits)).toEqual(tree)
  })

  it.each<{ behaviour: string; text: string }>([
    { behaviour: 'an unclosed object', text: '{Key:a' },
    { behaviour: 'an unclosed list', text: '[1,2' },
    { behaviour: 'an unclosed quoted value', text: '{Key:"a' },
    { behaviour: 'text after the value', text: '{Key:a}x' },
    { behaviour: 'a name without a value', text: '{Key}' },
    { behaviour: 'a trailing comma in an object', text: '{Key:a,}' },
    { behaviour: 'a JSON backslash escape (section 3.5)', text: '{"Key":"a\\"b"}' },
    { behaviour: 'a stray closing bracket', text: '{Key:[a}]' },
  ])('refuses $behaviour with a 400 SerializationException', ({ text }) => {
    expectRefused(() => readJsv(text, defaultLimits), /JSV/)
  })

  it('reads lists nested exactly as deep as the limit', () => {
    expect(() => readJsv(nested('[', ']', depth), defaultLimits)).not.toThrow()
  })

  it.each<{ behaviour: string; text: string }>([
    { behaviour: 'lists', text: nested('[', ']', depth + 1) },
    { behaviour: 'objects', text: nested('{A:', '}', depth + 1, 'x') },
    { behaviour: 'a very deep body', text: nested('[', ']', 100_000) },
  ])('refuses $behaviour nested deeper than the limit', ({ text }) => {
    expectRefused(() => readJsv(text, defaultLimits), /deeper than the limit of 64/)
  })

  it('refuses a list longer than the limit', () => {
    const text = `[${Array.from({ length: defaultLimits.arrayLength + 1 }, () => '1').join(',')}]`
    expectRefused(() => readJsv(text, defaultLimits), /limit of 10000 items/)
  })

  it.each(['{__proto__:{polluted:yes}}', '{"__proto__": {"polluted": "yes"}}'])(
    'keeps a __proto__ name in %s as an own property',
    (text) => {
      const tree = readJsv(text, defaultLimits)
      expect(isLooseObject(tree)).toBe(true)
      expect(Object.hasOwn(tree as object, '__proto__')).toBe(true)
      expect(Object.getPrototypeOf(tree)).toBe(Object.prototype)
      expect((tree as Record<string, Loose>)['__proto__']).toEqual({ polluted: 'yes' })
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
    },
  )

  it('keeps constructor and prototype names as plain data', () => {
    const tree = readJsv('{constructor:{prototype:{polluted:yes}}}', defaultLimits)
    expect(tree).toEqual({ constructor: { prototype: { polluted: 'yes' } } })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})

describe('readCsv', () => {
  it.each<{ behaviour: string; text: string; tree: Loose }>([
    {
      behaviour: 'a header and one row with CRLF',
      text: 'Key,Message\r\nk,hello\r\n',
      tree: { Key: 'k', Message: 'hello' },
    },
    {
      behaviour: 'a header and one row with LF',
      text: 'Key,Message\nk,hello\n',
      tree: { Key: 'k', Message: 'hello' },
    },
    {
      behaviour: 'a row without a final line break',
      text: 'Key,Message\r\nk,hello',
      tree: { Key: 'k', Message: 'hello' },
    },
    {
      behaviour: 'quoted cells with commas, quotes and line breaks',
      text: 'Key,Message,Name\r\n"a,b","say ""hi""","line1\r\nline2"\r\n',
      tree: { Key: 'a,b', Message: 'say "hi"', Name: 'line1\r\nline2' },
    },
    {
      behaviour: 'a leading BOM',
      text: '\uFEFFKey,Message\r\nk,m\r\n',
      tree: { Key: 'k', Message: 'm' },
    },
    {
      behaviour: 'spaces in cells as they are',
      text: 'Key,Message\r\n k , m \r\n',
      tree: { Key: ' k ', Message: ' m ' },
    },
    {
      behaviour: 'trimmed header names',
      text: ' Key , Message \r\nk,m\r\n',
      tree: { Key: 'k', Message: 'm' },
    },
    { behaviour: 'an empty cell as absent', text: 'Key,Message\r\n,m\r\n', tree: { Message: 'm' } },
    {
      behaviour: 'a quoted empty cell as absent',
      text: 'Key,Message\r\n"",m\r\n',
      tree: { Message: 'm' },
    },
    { behaviour: 'a header-only body as an empty DTO', text: 'Key,Message\r\n', tree: {} },
    { behaviour: 'an empty body as an empty DTO', text: '', tree: {} },
    {
      behaviour: 'only the first data row',
      text: 'Key,Message\r\nfirst,1\r\nsecond,2\r\n',
      tree: { Key: 'first', Message: '1' },
    },
    {
      behaviour: 'blank lines around the rows',
      text: '\r\nKey\r\n\r\nk\r\n',
      tree: { Key: 'k' },
    },
    {
      behaviour: 'unknown columns as text',
      text: 'Key,Unknown\r\nk,{not:jsv\r\n',
      tree: { Key: 'k', Unknown: '{not:jsv' },
    },
  ])('reads $behaviour', ({ text, tree }) => {
    expect(readCsv(text, CommentUpdateRequest, defaultLimits)).toEqual(tree)
  })

  it.each<{ behaviour: string; text: string; tree: Loose }>([
    {
      behaviour: 'a list of objects',
      text: 'PageId,ContainersInfo\r\np,"[{ItemId:1,ItemType:X}]"\r\n',
      tree: { PageId: 'p', ContainersInfo: [{ ItemId: '1', ItemType: 'X' }] },
    },
    {
      behaviour: 'an unquoted list',
      text: 'PageId,ContainersInfo\r\np,[{ItemId:1}]\r\n',
      tree: { PageId: 'p', ContainersInfo: [{ ItemId: '1' }] },
    },
    {
      behaviour: 'doubled quotes of JSV inside the cell',
      text: 'ContainersInfo\r\n"[{ItemType:""A, B"",Fields:[{Name:T,Pattern:""^[a-z]$""}]}]"\r\n',
      tree: { ContainersInfo: [{ ItemType: 'A, B', Fields: [{ Name: 'T', Pattern: '^[a-z]$' }] }] },
    },
    {
      behaviour: 'an empty list',
      text: 'PageId,ContainersInfo\r\np,[]\r\n',
      tree: { PageId: 'p', ContainersInfo: [] },
    },
  ])('reads JSV in the cell of a structured field: $behaviour', ({ text, tree }) => {
    expect(readCsv(text, ContainerInfoMessage, defaultLimits)).toEqual(tree)
  })

  it('keeps the text of a string field that looks like JSV', () => {
    expect(readCsv('PageTitle\r\n"[{a:b}]"\r\n', ContainerInfoMessage, defaultLimits)).toEqual({
      PageTitle: '[{a:b}]',
    })
  })

  it('binds header names case-insensitively', () => {
    const tree = readCsv(
      'pageid,PAGETITLE,containersinfo\r\np,t,"[{itemid:1}]"\r\n',
      ContainerInfoMessage,
      defaultLimits,
    )
    expect(isLooseObject(tree)).toBe(true)
    const { value, issues } = bindDto(ContainerInfoMessage, tree as Record<string, Loose>, fixedNow)
    expect(issues).toEqual([])
    expect(value).toEqual({
      PageId: 'p',
      PageTitle: 't',
      ContainersInfo: [completeDto(ContainerInfoModel, { ItemId: '1' }, fixedNow)],
    })
  })

  it.each<{ behaviour: string; text: string; message: RegExp }>([
    {
      behaviour: 'a row wider than the header',
      text: 'Key\r\nk,extra\r\n',
      message: /Record Length/,
    },
    {
      behaviour: 'a row narrower than the header',
      text: 'Key,Message\r\nk\r\n',
      message: /Record Length/,
    },
    { behaviour: 'an unclosed quote', text: 'Key\r\n"open\r\n', message: /Quote Not Closed/ },
    { behaviour: 'text after a closing quote', text: 'Key\r\n"a"b\r\n', message: /text\/csv/ },
  ])('refuses $behaviour', ({ text, message }) => {
    expectRefused(() => readCsv(text, CommentUpdateRequest, defaultLimits), message)
  })

  it.each<{ behaviour: string; cell: string; message: RegExp }>([
    { behaviour: 'malformed JSV', cell: '"[{ItemId:1"', message: /JSV/ },
    {
      behaviour: 'JSV nested deeper than the limit',
      cell: nested('[', ']', depth + 1),
      message: /deeper/,
    },
  ])('refuses a structured cell holding $behaviour', ({ cell, message }) => {
    expectRefused(
      () => readCsv(`ContainersInfo\r\n${cell}\r\n`, ContainerInfoMessage, defaultLimits),
      message,
    )
  })

  it('keeps a __proto__ column as an own property', () => {
    const tree = readCsv(
      'Key,__proto__\r\nk,{polluted:yes}\r\n',
      CommentUpdateRequest,
      defaultLimits,
    )
    expect(Object.hasOwn(tree as object, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(tree)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})

const xmlns =
  'xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO"'

function comment(members: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><CommentUpdateRequest ${xmlns}>${members}</CommentUpdateRequest>`
}

describe('readXml', () => {
  it.each<{ behaviour: string; text: string; tree: Loose }>([
    {
      behaviour: 'members in alphabetical order',
      text: comment(
        '<CustomData>c</CustomData><Key>k</Key><Message>m</Message><Rating>4.5</Rating>',
      ),
      tree: { CustomData: 'c', Key: 'k', Message: 'm', Rating: '4.5' },
    },
    {
      behaviour: 'elements under a namespace prefix',
      text: '<a:CommentUpdateRequest xmlns:a="http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO"><a:Key>k</a:Key></a:CommentUpdateRequest>',
      tree: { Key: 'k' },
    },
    {
      behaviour: 'elements under another prefix than the root',
      text: '<CommentUpdateRequest xmlns:b="urn:b"><b:Key>k</b:Key></CommentUpdateRequest>',
      tree: { Key: 'k' },
    },
    {
      behaviour: 'member names case-insensitively',
      text: comment('<key>k</key>'),
      tree: { Key: 'k' },
    },
    {
      behaviour: 'i:nil="true" as null',
      text: comment('<Key i:nil="true" /><Message>m</Message>'),
      tree: { Key: null, Message: 'm' },
    },
    {
      behaviour: 'nil under any prefix',
      text: '<CommentUpdateRequest xmlns:x="http://www.w3.org/2001/XMLSchema-instance"><Key x:nil="true"/></CommentUpdateRequest>',
      tree: { Key: null },
    },
    {
      behaviour: 'empty elements as empty strings',
      text: comment('<Key></Key><Message/><Name />'),
      tree: { Key: '', Message: '', Name: '' },
    },
    {
      behaviour: 'the predefined entities',
      text: comment('<Key>&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos;</Key>'),
      tree: { Key: `<a> & "b" 'c'` },
    },
    {
      behaviour: 'decimal character references',
      text: comment('<Key>&#65;&#66;</Key>'),
      tree: { Key: 'AB' },
    },
    {
      behaviour: 'hexadecimal character references, as the writer uses for CR',
      text: comment('<Key>a&#xD;b&#x1F600;</Key>'),
      tree: { Key: 'a\rb😀' },
    },
    {
      behaviour: 'CDATA sections',
      text: comment('<Key><![CDATA[a <b> & c]]></Key>'),
      tree: { Key: 'a <b> & c' },
    },
    {
      behaviour: 'leading and trailing whitespace as it is',
      text: comment('<Key>  k\t</Key><Message>\n</Message>'),
      tree: { Key: '  k\t', Message: '\n' },
    },
    {
      behaviour: 'a comment inside a value as nothing',
      text: comment('<Key>a<!-- note -->b</Key>'),
      tree: { Key: 'ab' },
    },
    {
      behaviour: 'unknown elements as nothing',
      text: comment('<Extra>x</Extra><Key>k</Key>'),
      tree: { Key: 'k' },
    },
  ])('reads $behaviour', ({ text, tree }) => {
    const context = readContext()
    expect(readXml(text, CommentUpdateRequest, context)).toEqual(tree)
  })

  it('reads lists of complex items, each by its own element', () => {
    const text =
      '<ContainerInfoMessage xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Messages">' +
      '<ContainersInfo><ContainerInfoModel><Fields><FieldModel><Name>Title</Name></FieldModel>' +
      '<FieldModel><MinValue i:type="d6p1:string" xmlns:d6p1="http://www.w3.org/2001/XMLSchema">1</MinValue><Name>Body</Name></FieldModel></Fields>' +
      '<ItemId>1</ItemId><ItemStatus><IsAdmin>true</IsAdmin></ItemStatus></ContainerInfoModel>' +
      '<ContainerInfoModel i:nil="true" /><ContainerInfoModel><Fields /></ContainerInfoModel></ContainersInfo>' +
      '<PageId>p</PageId></ContainerInfoMessage>'
    const context = readContext()
    expect(readXml(text, ContainerInfoMessage, context)).toEqual({
      ContainersInfo: [
        {
          Fields: [{ Name: 'Title' }, { MinValue: '1', Name: 'Body' }],
          ItemId: '1',
          ItemStatus: { IsAdmin: 'true' },
        },
        null,
        { Fields: [] },
      ],
      PageId: 'p',
    })
    expect(context.warnings.list).toEqual([])
  })

  it('reads a document in the expected shape without a warning', () => {
    const context = readContext()
    expect(
      readXml(comment('<Key>k</Key><Status>Spam</Status>'), CommentUpdateRequest, context),
    ).toEqual({ Key: 'k', Status: 'Spam' })
    expect(context.warnings.list).toEqual([])
  })

  it.each<{ behaviour: string; text: string; tree: Loose; warning: RegExp }>([
    {
      behaviour: 'members out of order',
      text: comment('<Key>k</Key><CustomData>c</CustomData>'),
      tree: { Key: 'k', CustomData: 'c' },
      warning: /out of order at 'CustomData'.*drops/,
    },
    {
      behaviour: 'another root element',
      text: '<CommentResponse><Key>k</Key></CommentResponse>',
      tree: { Key: 'k' },
      warning: /root 'CommentResponse' is not 'CommentUpdateRequest'/,
    },
    {
      behaviour: 'another namespace',
      text: '<CommentUpdateRequest xmlns="urn:other"><Key>k</Key></CommentUpdateRequest>',
      tree: { Key: 'k' },
      warning:
        /namespace 'urn:other' is not 'http:\/\/schemas\.datacontract\.org\/2004\/07\/Cms\.Services\.Comments\.DTO'/,
    },
  ])('accepts $behaviour but warns', ({ text, tree, warning }) => {
    const context = readContext()
    expect(readXml(text, CommentUpdateRequest, context)).toEqual(tree)
    expect(context.warnings.list).toHaveLength(1)
    expect(context.warnings.list[0]).toMatch(warning)
  })

  it.each<{ behaviour: string; text: string; message?: RegExp }>([
    {
      behaviour: 'a DOCTYPE',
      text: '<!DOCTYPE CommentUpdateRequest [<!ENTITY x "y">]><CommentUpdateRequest><Key>&x;</Key></CommentUpdateRequest>',
      message: /DTD is prohibited/,
    },
    {
      behaviour: 'a lowercase doctype',
      text: '<!doctype x><CommentUpdateRequest/>',
      message: /DTD is prohibited/,
    },
    { behaviour: 'an unclosed root', text: '<CommentUpdateRequest><Key>k</Key>' },
    {
      behaviour: 'mismatched tags',
      text: '<CommentUpdateRequest><Key>k</Message></CommentUpdateRequest>',
    },
    { behaviour: 'text that is not XML', text: 'Key=k' },
    { behaviour: 'an empty body', text: '' },
    { behaviour: 'a declaration without a root', text: '<?xml version="1.0"?>' },
    { behaviour: 'a bare ampersand', text: comment('<Key>a & b</Key>') },
    {
      behaviour: 'elements nested deeper than the limit',
      text: nested('<A>', '</A>', depth + 1),
      message: /deeper than the limit of 64/,
    },
  ])('refuses $behaviour with a 400 SerializationException', ({ text, message }) => {
    expectRefused(() => readXml(text, CommentUpdateRequest, readContext()), message)
  })

  it('refuses a list longer than the limit', () => {
    const items = '<ContainerInfoModel />'.repeat(defaultLimits.arrayLength + 1)
    const text = `<ContainerInfoMessage><ContainersInfo>${items}</ContainersInfo></ContainerInfoMessage>`
    expectRefused(
      () => readXml(text, ContainerInfoMessage, readContext()),
      /over the limit of 10000/,
    )
  })

  it.each<{ behaviour: string; text: string }>([
    {
      behaviour: 'a __proto__ element',
      text: comment('<Key>k</Key><__proto__><polluted>yes</polluted></__proto__>'),
    },
    {
      behaviour: 'a constructor element',
      text: comment(
        '<Key>k</Key><constructor><prototype><polluted>yes</polluted></prototype></constructor>',
      ),
    },
    { behaviour: 'a prototype element', text: comment('<Key>k</Key><prototype>yes</prototype>') },
    {
      behaviour: 'a prefixed __proto__ element',
      text: comment('<Key>k</Key><a:__proto__ xmlns:a="urn:a">yes</a:__proto__>'),
    },
    { behaviour: 'a __proto__ attribute', text: comment('<Key __proto__="yes">k</Key>') },
    {
      behaviour: 'a constructor attribute on the root',
      text: '<CommentUpdateRequest constructor="yes"><Key>k</Key></CommentUpdateRequest>',
    },
  ])('answers $behaviour without a crash and without reaching a prototype', ({ text }) => {
    // decisions.md section 3: such a key never reaches a prototype, and hostile bodies are a
    // 400, never a 500. Ignoring the unknown member or attribute, or refusing the body with a
    // DecodeError, both keep that promise; any other exception would become a 500.
    let outcome: Loose | DecodeError
    try {
      outcome = readXml(text, CommentUpdateRequest, readContext())
    } catch (error) {
      outcome = error instanceof DecodeError ? error : `threw ${String(error)}`
    }
    if (outcome instanceof DecodeError) expect(outcome.status).toBe(400)
    else expect(outcome).toEqual({ Key: 'k' })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})

describe('every reader binds to the same DTO', () => {
  const expected = completeDto(
    CommentUpdateRequest,
    {
      Key: 'k1',
      Message: 'Size 2" x 1", or more',
      Status: 'Published',
      Name: 'Me, Junior',
      Email: null,
      CustomData: '{"a":[1]}',
      Rating: 4.5,
    },
    fixedNow,
  )

  it.each<{ format: 'json' | 'jsv' | 'csv' | 'xml'; body: string }>([
    {
      format: 'json',
      body: '{"key":"k1","Message":"Size 2\\" x 1\\", or more","STATUS":"Published","Name":"Me, Junior","CustomData":"{\\"a\\":[1]}","Rating":4.5}',
    },
    {
      format: 'jsv',
      body: '{key:k1,Message:"Size 2"" x 1"", or more",STATUS:Published,Name:"Me, Junior",CustomData:"{""a"":[1]}",Rating:4.5}',
    },
    {
      format: 'csv',
      body: 'key,Message,STATUS,Name,Email,CustomData,Rating\r\nk1,"Size 2"" x 1"", or more",Published,"Me, Junior",,"{""a"":[1]}",4.5\r\n',
    },
    {
      format: 'xml',
      body: comment(
        '<CustomData>{"a":[1]}</CustomData><Email i:nil="true" /><Key>k1</Key><Message>Size 2" x 1", or more</Message><Name>Me, Junior</Name><Rating>4.5</Rating><Status>Published</Status>',
      ),
    },
  ])('binds a $format body to the same CommentUpdateRequest', ({ format, body }) => {
    const read = codecs[format].read
    if (!read) throw new Error(`no reader for ${format}`)
    const tree = read(body, CommentUpdateRequest, readContext())
    expect(isLooseObject(tree)).toBe(true)
    const { value, issues } = bindDto(CommentUpdateRequest, tree as Record<string, Loose>, fixedNow)
    expect(issues).toEqual([])
    expect(completeDto(CommentUpdateRequest, value, fixedNow)).toEqual(expected)
  })

  it.each<{ def: DtoDef; value: object; files: string[] }>([
    { def: ABTestViewModel, value: abTest, files: ['ab-test.jsv', 'ab-test.csv', 'ab-test.xml'] },
    {
      def: ContainerInfoMessage,
      value: containerInfo,
      files: ['container-info.jsv', 'container-info.csv', 'container-info.xml'],
    },
    { def: CreateService, value: createService, files: ['create-service.xml'] },
  ])(
    'reads the golden files of $def.name back to the value they were written from',
    ({ def, value, files }) => {
      for (const file of files) {
        const format = file.slice(file.lastIndexOf('.') + 1) as 'jsv' | 'csv' | 'xml'
        const text = readFileSync(new URL(`./golden/${file}`, import.meta.url), 'utf8')
        const context = readContext()
        const tree = codecs[format].read?.(text, def, context) ?? null
        expect(isLooseObject(tree)).toBe(true)
        const { value: bound, issues } = bindDto(def, tree as Record<string, Loose>, fixedNow)
        expect(issues).toEqual([])
        expect(context.warnings.list).toEqual([])
        expect(completeDto(def, bound, fixedNow)).toEqual(value)
      }
    },
  )
})
