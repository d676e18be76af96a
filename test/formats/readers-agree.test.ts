import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  ABTestViewModel,
  CommentUpdateRequest,
  ContainerInfoMessage,
  CreateService,
  completeDto,
  type DtoDef,
} from '../../src/model/index.ts'
import { bindDto } from '../../src/wire/request/bind-dto.ts'
import { codecs } from '../../src/wire/formats/codecs.ts'
import { isLooseObject } from '../../src/wire/request/bind-dto.ts'
import type { Loose } from '../../src/wire/request/loose.ts'
import { abTest, containerInfo, createService } from './fixtures.ts'
import { fixedNow, readContext } from '../support/index.ts'
import { commentXml } from './read-helpers.ts'

// The same request in every readable format binds to the same DTO: servicestack-wire.md
// sections 3.2 to 3.5, decisions.md section 3.

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
      body: commentXml(
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
