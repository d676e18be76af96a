import { describe, expect, it } from 'vitest'
import {
  CommentUpdateRequest,
  ContainerInfoMessage,
  ContainerInfoModel,
  completeDto,
} from '../../src/model/index.ts'
import { bindDto } from '../../src/wire/request/bind-dto.ts'
import { readCsv } from '../../src/wire/formats/csv-read.ts'
import { defaultLimits } from '../../src/wire/request/limits.ts'
import { isLooseObject } from '../../src/wire/request/bind-dto.ts'
import type { Loose } from '../../src/wire/request/loose.ts'
import { fixedNow } from '../support/index.ts'
import { decodeErrorOf, expectRefused, nested } from './read-helpers.ts'

// Request bodies in CSV: servicestack-wire.md section 3.4, decisions.md section 3.

const depth = defaultLimits.depth

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
      behaviour: 'an unclosed quote',
      text: 'Key\r\n"open\r\n',
      message: /a quoted cell is not closed/,
    },
    { behaviour: 'text after a closing quote', text: 'Key\r\n"a"b\r\n', message: /text\/csv/ },
  ])('refuses $behaviour', ({ text, message }) => {
    expect(expectRefused(() => readCsv(text, CommentUpdateRequest, defaultLimits)).message).toMatch(
      message,
    )
  })

  // Issue 30, B12 and N11: CsvReader indexes the header list by cell position (SST
  // `CsvReader.cs` l.373–378), so a wider row throws List<T>'s ArgumentOutOfRangeException, which
  // the host reports as the inner exception (SS `ServiceStackHost.Runtime.cs` l.582–590, l.612–635).
  it('refuses a row wider than the header as CsvReader does, naming the line in a warning', () => {
    const warnings: string[] = []
    const error = decodeErrorOf(() =>
      readCsv('Key\r\nk,extra\r\n', CommentUpdateRequest, defaultLimits, (w) => warnings.push(w)),
    )
    const message =
      'Index was out of range. Must be non-negative and less than the size of the collection.'
    expect(error).toMatchObject({
      status: 400,
      errorCode: 'ArgumentOutOfRangeException',
      message: `${message}\r\nParameter name: index`,
      errors: [{ ErrorCode: 'ArgumentOutOfRangeException', FieldName: 'index', Message: message }],
    })
    expect(warnings).toEqual([
      'the real server refuses the CSV body: a row has more cells than the header (line 2)',
    ])
  })

  // Issue 18, gap 6: read as ServiceStack's CsvReader reads them.
  it.each<{ behaviour: string; text: string; tree: Record<string, unknown> }>([
    {
      behaviour: 'a row narrower than the header (its missing cells absent)',
      text: 'Key,Message\r\nk\r\n',
      tree: { Key: 'k' },
    },
    {
      behaviour: 'an unquoted [...] cell with commas inside, as one cell',
      text: 'PageId,ContainersInfo,PageTitle\r\np,[{ItemId:1,ItemType:X},{ItemId:2}],t\r\n',
      tree: {
        PageId: 'p',
        ContainersInfo: [{ ItemId: '1', ItemType: 'X' }, { ItemId: '2' }],
        PageTitle: 't',
      },
    },
    {
      behaviour: 'an unquoted {...} cell with commas and quotes inside, as one cell',
      text: 'PageId,ContainersInfo\r\np,[{ItemId:1,DisplayType:"a,b"}]\r\n',
      tree: { PageId: 'p', ContainersInfo: [{ ItemId: '1', DisplayType: 'a,b' }] },
    },
  ])('reads $behaviour', ({ text, tree }) => {
    expect(readCsv(text, ContainerInfoMessage, defaultLimits)).toEqual(tree)
  })

  it.each<{ behaviour: string; cell: string; message: RegExp }>([
    { behaviour: 'malformed JSV', cell: '"[{ItemId:1"', message: /JSV/ },
    {
      behaviour: 'JSV nested deeper than the limit',
      cell: nested('[', ']', depth + 1),
      message: /deeper/,
    },
  ])('refuses a structured cell holding $behaviour', ({ cell, message }) => {
    const refusal = expectRefused(() =>
      readCsv(`ContainersInfo\r\n${cell}\r\n`, ContainerInfoMessage, defaultLimits),
    )
    expect(refusal.message).toMatch(message)
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
