import { describe, expect, it } from 'vitest'
import { CommentUpdateRequest, ContainerInfoMessage, type DtoDef } from '../../src/model/index.ts'
import { readXml } from '../../src/wire/formats/xml/xml-read.ts'
import type { Loose } from '../../src/wire/request/loose.ts'
import { readContext } from '../support/index.ts'
import { expectRefused } from './read-helpers.ts'

// Issue 30, N22 and N23: namespaces in an XML body are read as DataContractSerializer reads
// them. It matches the root and each member by local name and namespace URI, never by prefix,
// and looks for a member only forward from the last one read, skipping any element that does
// not match as unknown (reference source, System.Runtime.Serialization:
// `XmlObjectSerializerReadContext.cs` l.255–264 and l.295–305; `XmlFormatReaderGenerator.cs`
// l.358–438 for members, l.672–691 and l.897–906 for collection items). So a member in another
// namespace or in none, and a member given twice, are skipped; the mock skips them too, and
// says so in an X-Mock-Warning.

const dto = 'http://schemas.datacontract.org/2004/07/Cms.Services.Comments.DTO'
const xsi = 'http://www.w3.org/2001/XMLSchema-instance'
const messages = 'http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Messages'
const models = 'http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Models'

function read(
  text: string,
  def: DtoDef = CommentUpdateRequest,
): { tree: Loose; warnings: string[] } {
  const context = readContext()
  const tree = readXml(text, def, context)
  return { tree, warnings: [...context.warnings.list] }
}

describe('an XML root under a namespace prefix (N22)', () => {
  it.each([
    [
      'root and members under one prefix',
      `<c:CommentUpdateRequest xmlns:c="${dto}"><c:Key>k</c:Key><c:Message>m</c:Message></c:CommentUpdateRequest>`,
    ],
    [
      'a prefixed root, members in the default namespace it also declares',
      `<c:CommentUpdateRequest xmlns:c="${dto}" xmlns="${dto}"><Key>k</Key><Message>m</Message></c:CommentUpdateRequest>`,
    ],
    [
      'members under a second prefix bound to the same namespace',
      `<CommentUpdateRequest xmlns="${dto}"><a:Key xmlns:a="${dto}">k</a:Key><Message>m</Message></CommentUpdateRequest>`,
    ],
  ])('reads %s as in the namespace, with no warning', (_, text) => {
    expect(read(text)).toEqual({ tree: { Key: 'k', Message: 'm' }, warnings: [] })
  })

  it('names a prefixed root in another namespace by its URI', () => {
    const { warnings } = read(
      `<c:CommentUpdateRequest xmlns:c="urn:c"><c:Key>k</c:Key></c:CommentUpdateRequest>`,
    )
    expect(warnings).toEqual([`XML namespace 'urn:c' is not '${dto}'; the real server refuses it`])
  })

  it('refuses a prefix no declaration binds, as the real XmlReader does', () => {
    const refusal = expectRefused(() =>
      read('<c:CommentUpdateRequest><c:Key>k</c:Key></c:CommentUpdateRequest>'),
    )
    expect(refusal.message).toBe(
      "Failed to read XML: the prefix 'c' of 'c:CommentUpdateRequest' is not declared",
    )
  })
})

describe('XML members DataContractSerializer skips (N23)', () => {
  it.each([
    [
      'a member in another namespace',
      `<CommentUpdateRequest xmlns="${dto}"><Key>k</Key><Message xmlns="urn:other">x</Message></CommentUpdateRequest>`,
      `XML member 'Message' is in namespace 'urn:other', not '${dto}'; the real server skips it`,
    ],
    [
      'a member in no namespace',
      `<CommentUpdateRequest xmlns="${dto}"><Key>k</Key><Message xmlns="">x</Message></CommentUpdateRequest>`,
      `XML member 'Message' is in no namespace, not '${dto}'; the real server skips it`,
    ],
    [
      'an unprefixed member under a prefixed root',
      `<c:CommentUpdateRequest xmlns:c="${dto}"><c:Key>k</c:Key><Message>x</Message></c:CommentUpdateRequest>`,
      `XML member 'Message' is in no namespace, not '${dto}'; the real server skips it`,
    ],
    [
      'a member given a second time',
      `<CommentUpdateRequest xmlns="${dto}"><Key>k</Key><Key>x</Key></CommentUpdateRequest>`,
      "XML member 'Key' is repeated; the real server reads only the first",
    ],
  ])('skips %s, with a warning naming it', (_, text, warning) => {
    expect(read(text)).toEqual({ tree: { Key: 'k' }, warnings: [warning] })
  })

  it('reads the first of a repeated member even when the root is in no namespace', () => {
    const text =
      '<CommentUpdateRequest><Message>a</Message><Message>b</Message></CommentUpdateRequest>'
    const { tree, warnings } = read(text)
    expect(tree).toEqual({ Message: 'a' })
    expect(warnings).toContain(
      "XML member 'Message' is repeated; the real server reads only the first",
    )
  })

  it('reads a member whose name differs in case, but warns that the real server skips it', () => {
    const text = `<CommentUpdateRequest xmlns="${dto}"><key>k</key></CommentUpdateRequest>`
    expect(read(text)).toEqual({
      tree: { Key: 'k' },
      warnings: [
        "XML member 'key' is not 'Key'; the real server matches names exactly and skips it",
      ],
    })
  })

  it('skips list items outside their type namespace, each with a warning', () => {
    const text =
      `<ContainerInfoMessage xmlns="${messages}"><ContainersInfo>` +
      '<ContainerInfoModel><ItemId>1</ItemId></ContainerInfoModel>' +
      `<m:ContainerInfoModel xmlns:m="${models}"><m:ItemId>2</m:ItemId></m:ContainerInfoModel>` +
      '</ContainersInfo></ContainerInfoMessage>'
    expect(read(text, ContainerInfoMessage)).toEqual({
      tree: { ContainersInfo: [{ ItemId: '2' }] },
      warnings: [
        `XML list 'ContainersInfo' has an item 'ContainerInfoModel' in namespace '${messages}', not '${models}'; the real server skips it`,
      ],
    })
  })

  it('skips a nested member in its parent type namespace rather than its own', () => {
    const text =
      `<ContainerInfoMessage xmlns="${messages}"><ContainersInfo xmlns:m="${models}">` +
      '<m:ContainerInfoModel><m:ItemId>1</m:ItemId><ItemType>x</ItemType></m:ContainerInfoModel>' +
      '</ContainersInfo></ContainerInfoMessage>'
    expect(read(text, ContainerInfoMessage)).toEqual({
      tree: { ContainersInfo: [{ ItemId: '1' }] },
      warnings: [
        `XML member 'ContainersInfo[0].ItemType' is in namespace '${messages}', not '${models}'; the real server skips it`,
      ],
    })
  })
})

describe('i:nil by its namespace (N22)', () => {
  it.each<[string, string, Loose]>([
    ['under any prefix bound to XMLSchema-instance', `<Key x:nil="true" xmlns:x="${xsi}"/>`, null],
    ['as XmlConvert reads a boolean, 1 for true', `<Key x:nil="1" xmlns:x="${xsi}"/>`, null],
    ['false, as not nil', `<Key x:nil="false" xmlns:x="${xsi}">k</Key>`, 'k'],
    ['unprefixed, as no nil at all', '<Key nil="true">k</Key>', 'k'],
    ['in another namespace, as no nil at all', '<Key x:nil="true" xmlns:x="urn:x">k</Key>', 'k'],
  ])('reads nil %s', (_, member, value) => {
    const { tree, warnings } = read(
      `<CommentUpdateRequest xmlns="${dto}">${member}</CommentUpdateRequest>`,
    )
    expect(tree).toEqual({ Key: value })
    expect(warnings).toEqual([])
  })
})
