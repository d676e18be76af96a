import { describe, expect, it } from 'vitest'
import { ContainerInfoMessage } from '../../src/model/index.ts'
import { MetadataTypes } from '../../src/model/metadata-types.ts'
import { readXml } from '../../src/wire/formats/xml/xml-read.ts'
import { writeXml } from '../../src/wire/formats/xml/xml.ts'
import { readContext } from '../support/index.ts'

// Issue 18, gap 8: each type is written in its own contract namespace, as DataContractSerializer
// writes it: a member stays in its parent's namespace, and the members of a type of another
// namespace carry a prefix declared on that member (`d2p1`, named after their depth).

const namespaces = { ContainerInfoModel: 'urn:model', LifecycleStatusModel: 'urn:status' }
const message = {
  PageId: 'p',
  ContainersInfo: [
    { ItemId: 'i', ItemStatus: { DisplayStatus: 'Published' }, Fields: [{ Name: 'Title' }] },
  ],
}

describe('XML namespaces of nested types', () => {
  it('prefixes the members of a type in another namespace', () => {
    const text = writeXml(ContainerInfoMessage, message, namespaces)
    expect(text).toContain('<ContainersInfo xmlns:d2p1="urn:model"><d2p1:ContainerInfoModel>')
    expect(text).toContain('<d2p1:ItemId>i</d2p1:ItemId>')
    expect(text).toContain(
      '<d2p1:ItemStatus xmlns:d4p1="urn:status"><d4p1:DisplayStatus>Published</d4p1:DisplayStatus>',
    )
    // FieldModel keeps the models' default namespace here, apart from the container's override.
    expect(text).toContain(
      '<d2p1:Fields xmlns:d4p1="http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Models"><d4p1:FieldModel><d4p1:MaxDate i:nil="true" />',
    )
    expect(text).toContain('</d2p1:ContainerInfoModel></ContainersInfo><PageId>p</PageId>')
  })

  it('writes the models in their own namespace by default, as the field tables declare', () => {
    const text = writeXml(ContainerInfoMessage, message, {})
    expect(text).toContain(
      '<ContainersInfo xmlns:d2p1="http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Models"><d2p1:ContainerInfoModel>',
    )
    // LifecycleStatusModel shares the container's namespace: no second prefix.
    expect(text).toContain('<d2p1:ItemStatus><d2p1:DisplayStatus>Published</d2p1:DisplayStatus>')
  })

  it('writes FieldModel items and their members in the models namespace (issue 30, N2)', () => {
    // SF `Services/InlineEditing/4InlineEditingModels.cs` l.7–10 declares FieldModel in
    // `Telerik.Sitefinity.Services.InlineEditing`, the namespace of ContainerInfoModel
    // (`3InlineEditingModels.cs` l.9) and LifecycleStatusModel (`15InlineEditingModels.cs` l.7).
    const text = writeXml(ContainerInfoMessage, message, {})
    expect(text).toContain('<d2p1:Fields><d2p1:FieldModel><d2p1:MaxDate i:nil="true" />')
    expect(text).toContain('<d2p1:Name>Title</d2p1:Name>')
    expect(text).not.toMatch(/<FieldModel|<Name>/)
  })

  it('writes one namespace throughout when the types share it', () => {
    const messages = 'http://schemas.datacontract.org/2004/07/Cms.Services.InlineEditing.Messages'
    const shared = { ContainerInfoModel: messages, LifecycleStatusModel: messages }
    const text = writeXml(ContainerInfoMessage, message, shared)
    expect(text).not.toMatch(/d\dp1:ContainerInfoModel/)
    expect(text).toContain('<ContainersInfo><ContainerInfoModel>')
  })

  it('writes a list of strings in the array namespace', () => {
    const text = writeXml(MetadataTypes, { Namespaces: ['A', 'B'] }, {})
    expect(text).toContain(
      '<Namespaces xmlns:d2p1="http://schemas.microsoft.com/2003/10/Serialization/Arrays"><d2p1:string>A</d2p1:string><d2p1:string>B</d2p1:string></Namespaces>',
    )
  })

  it('reads back what it writes, with no warning', () => {
    const context = readContext()
    const text = writeXml(ContainerInfoMessage, message, namespaces)
    const tree = readXml(text, ContainerInfoMessage, { ...context, xmlNamespaces: namespaces })
    expect(tree).toMatchObject({
      PageId: 'p',
      ContainersInfo: [{ ItemId: 'i', ItemStatus: { DisplayStatus: 'Published' } }],
    })
    expect(context.warnings.list).toEqual([])
  })
})
