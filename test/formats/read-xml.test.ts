import { describe, expect, it } from 'vitest'
import {
  ABTestViewModel,
  CommentUpdateRequest,
  ContainerInfoMessage,
} from '../../src/model/index.ts'
import { readXml } from '../../src/wire/formats/xml/xml-read.ts'
import { defaultLimits } from '../../src/wire/request/limits.ts'
import type { Loose } from '../../src/wire/request/loose.ts'
import { readContext } from '../support/index.ts'
import { commentXml, expectRefused, nested } from './read-helpers.ts'

// Request bodies in XML: servicestack-wire.md section 3.5, decisions.md section 3.

const depth = defaultLimits.depth
const commentNamespace = 'http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO'
const abTestNamespace = 'http://schemas.datacontract.org/2004/07/Cms.Services.ABTesting.ViewModels'

describe('readXml', () => {
  it.each<{ behaviour: string; text: string; tree: Loose }>([
    {
      behaviour: 'members in alphabetical order',
      text: commentXml(
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
      text: commentXml('<key>k</key>'),
      tree: { Key: 'k' },
    },
    {
      behaviour: 'i:nil="true" as null',
      text: commentXml('<Key i:nil="true" /><Message>m</Message>'),
      tree: { Key: null, Message: 'm' },
    },
    {
      behaviour: 'nil under any prefix',
      text: '<CommentUpdateRequest xmlns:x="http://www.w3.org/2001/XMLSchema-instance"><Key x:nil="true"/></CommentUpdateRequest>',
      tree: { Key: null },
    },
    {
      behaviour: 'empty elements as empty strings',
      text: commentXml('<Key></Key><Message/><Name />'),
      tree: { Key: '', Message: '', Name: '' },
    },
    {
      behaviour: 'the predefined entities',
      text: commentXml('<Key>&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos;</Key>'),
      tree: { Key: `<a> & "b" 'c'` },
    },
    {
      behaviour: 'decimal character references',
      text: commentXml('<Key>&#65;&#66;</Key>'),
      tree: { Key: 'AB' },
    },
    {
      behaviour: 'hexadecimal character references, as the writer uses for CR',
      text: commentXml('<Key>a&#xD;b&#x1F600;</Key>'),
      tree: { Key: 'a\rb😀' },
    },
    {
      behaviour: 'CDATA sections',
      text: commentXml('<Key><![CDATA[a <b> & c]]></Key>'),
      tree: { Key: 'a <b> & c' },
    },
    {
      behaviour: 'leading and trailing whitespace as it is',
      text: commentXml('<Key>  k\t</Key><Message>\n</Message>'),
      tree: { Key: '  k\t', Message: '\n' },
    },
    {
      behaviour: 'a comment inside a value as nothing',
      text: commentXml('<Key>a<!-- note -->b</Key>'),
      tree: { Key: 'ab' },
    },
    {
      behaviour: 'unknown elements as nothing',
      text: commentXml('<Extra>x</Extra><Key>k</Key>'),
      tree: { Key: 'k' },
    },
  ])('reads $behaviour', ({ text, tree }) => {
    const context = readContext()
    expect(readXml(text, CommentUpdateRequest, context)).toEqual(tree)
  })

  it('reads lists of complex items, each by its own element', () => {
    // The models are in a namespace of their own (issue 30, N2), under the prefix the writer uses.
    const text =
      '<ContainerInfoMessage xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Messages">' +
      '<ContainersInfo xmlns:m="http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Models"><m:ContainerInfoModel><m:Fields><m:FieldModel><m:Name>Title</m:Name></m:FieldModel>' +
      '<m:FieldModel><m:MinValue i:type="d6p1:string" xmlns:d6p1="http://www.w3.org/2001/XMLSchema">1</m:MinValue><m:Name>Body</m:Name></m:FieldModel></m:Fields>' +
      '<m:ItemId>1</m:ItemId><m:ItemStatus><m:IsAdmin>true</m:IsAdmin></m:ItemStatus></m:ContainerInfoModel>' +
      '<m:ContainerInfoModel i:nil="true" /><m:ContainerInfoModel><m:Fields /></m:ContainerInfoModel></ContainersInfo>' +
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
      readXml(commentXml('<Key>k</Key><Status>Spam</Status>'), CommentUpdateRequest, context),
    ).toEqual({ Key: 'k', Status: 'Spam' })
    expect(context.warnings.list).toEqual([])
  })

  it.each<{ behaviour: string; text: string; tree: Loose; warning: RegExp }>([
    {
      behaviour: 'members out of order',
      text: commentXml('<Key>k</Key><CustomData>c</CustomData>'),
      tree: { Key: 'k', CustomData: 'c' },
      warning: /out of order at 'CustomData'.*drops/,
    },
    {
      behaviour: 'another root element',
      text: `<CommentResponse xmlns="${commentNamespace}"><Key>k</Key></CommentResponse>`,
      tree: { Key: 'k' },
      warning: /root 'CommentResponse' is not 'CommentUpdateRequest'/,
    },
    // Issue 18: DataContractSerializer refuses a root without the namespace as well.
    {
      behaviour: 'no namespace',
      text: '<CommentUpdateRequest><Key>k</Key></CommentUpdateRequest>',
      tree: { Key: 'k' },
      warning:
        /root 'CommentUpdateRequest' has no namespace; the real server expects 'http:\/\/schemas\.datacontract\.org\/2004\/07\/Cms\.Services\.Comments\.DTO'/,
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

  it('reads a list item of another name but warns, once per list (issue 18)', () => {
    const context = readContext()
    const text =
      `<ABTestViewModel xmlns="${abTestNamespace}"><Id>t</Id>` +
      '<Variations><Foo><Name>A</Name></Foo><Bar><Name>B</Name></Bar></Variations></ABTestViewModel>'
    expect(readXml(text, ABTestViewModel, context)).toEqual({
      Id: 't',
      Variations: [{ Name: 'A' }, { Name: 'B' }],
    })
    // The real reader skips such an item (XmlFormatReaderGenerator.cs l.686–690, l.897–906).
    expect(context.warnings.list).toEqual([
      "XML list 'Variations' has an item 'Foo', not 'VariationViewModel'; the real server skips it",
    ])
  })

  it('reads the list items named after their type without a warning', () => {
    const context = readContext()
    const text =
      `<ABTestViewModel xmlns="${abTestNamespace}"><Id>t</Id>` +
      '<Variations><VariationViewModel><Name>A</Name></VariationViewModel></Variations></ABTestViewModel>'
    expect(readXml(text, ABTestViewModel, context)).toEqual({
      Id: 't',
      Variations: [{ Name: 'A' }],
    })
    expect(context.warnings.list).toEqual([])
  })

  it.each<{ behaviour: string; text: string; message: RegExp }>([
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
    {
      behaviour: 'elements nested deeper than the limit',
      text: nested('<A>', '</A>', depth + 1),
      message: /deeper than the limit of 64/,
    },
  ])('refuses $behaviour with a 400 SerializationException', ({ text, message }) => {
    const refusal = expectRefused(() => readXml(text, CommentUpdateRequest, readContext()))
    expect(refusal.message).toMatch(message)
  })

  it.each<{ behaviour: string; text: string }>([
    { behaviour: 'an unclosed root', text: '<CommentUpdateRequest><Key>k</Key>' },
    {
      behaviour: 'mismatched tags',
      text: '<CommentUpdateRequest><Key>k</Message></CommentUpdateRequest>',
    },
    { behaviour: 'text that is not XML', text: 'Key=k' },
    { behaviour: 'an empty body', text: '' },
    { behaviour: 'a declaration without a root', text: '<?xml version="1.0"?>' },
    { behaviour: 'a bare ampersand', text: commentXml('<Key>a & b</Key>') },
  ])('refuses $behaviour with a 400 SerializationException', ({ text }) => {
    expectRefused(() => readXml(text, CommentUpdateRequest, readContext()))
  })

  it('refuses a list longer than the limit', () => {
    const items = '<ContainerInfoModel />'.repeat(defaultLimits.arrayLength + 1)
    const text = `<ContainerInfoMessage><ContainersInfo>${items}</ContainersInfo></ContainerInfoMessage>`
    const refusal = expectRefused(() => readXml(text, ContainerInfoMessage, readContext()))
    expect(refusal.message).toMatch(/over the limit of 10000/)
  })

  it.each<{ behaviour: string; text: string }>([
    {
      behaviour: 'a __proto__ element',
      text: commentXml('<Key>k</Key><__proto__><polluted>yes</polluted></__proto__>'),
    },
    {
      behaviour: 'a constructor element',
      text: commentXml(
        '<Key>k</Key><constructor><prototype><polluted>yes</polluted></prototype></constructor>',
      ),
    },
    {
      behaviour: 'a prototype element',
      text: commentXml('<Key>k</Key><prototype>yes</prototype>'),
    },
    { behaviour: 'a __proto__ attribute', text: commentXml('<Key __proto__="yes">k</Key>') },
    {
      behaviour: 'a constructor attribute on the root',
      text: '<CommentUpdateRequest constructor="yes"><Key>k</Key></CommentUpdateRequest>',
    },
  ])('answers $behaviour without a crash and without reaching a prototype', ({ text }) => {
    // decisions.md section 3: such a key never reaches a prototype, and hostile bodies are a
    // 400, never a 500. The XML parser refuses every such name (a DecodeError, so a 400);
    // any other exception would become a 500.
    expectRefused(() => readXml(text, CommentUpdateRequest, readContext()))
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('reads a prefixed __proto__ element as an unknown member, reaching no prototype', () => {
    // The parser keeps the prefix (issue 30, N22), so it does not see `__proto__`; the field
    // table is a Map, so the local name finds no member.
    const text = commentXml(
      '<Key>k</Key><a:__proto__ xmlns:a="urn:a"><polluted>yes</polluted></a:__proto__>',
    )
    expect(readXml(text, CommentUpdateRequest, readContext())).toEqual({ Key: 'k' })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })
})
