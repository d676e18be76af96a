import { describe, expect, it } from 'vitest'
import {
  caseName,
  defaultWriteOptions,
  parseJsConfig,
  type DateHandler,
  type TextCase,
  type WriteOptions,
} from '../../../src/wire/formats/jsconfig.ts'

// servicestack-wire.md section 6.7 (?jsconfig=), 6.1 (defaults); decisions.md section 2.

describe('parseJsConfig', () => {
  it('starts from ServiceStack.Text defaults', () => {
    expect(defaultWriteOptions).toEqual({
      textCase: 'PascalCase',
      dateHandler: 'TimestampOffset',
      dateHandlerSet: false,
      includeNullValues: false,
      excludeDefaultValues: false,
      treatEnumAsInteger: false,
      appendUtcOffset: false,
    })
  })

  it.each<{ behaviour: string; text: string | null }>([
    { behaviour: 'no ?jsconfig=', text: null },
    { behaviour: 'an empty ?jsconfig=', text: '' },
  ])('answers the defaults for $behaviour', ({ text }) => {
    expect(parseJsConfig(text)).toEqual(defaultWriteOptions)
  })

  it.each<{ text: string; changes: Partial<WriteOptions> }>([
    // long and short names, bare keys
    { text: 'EmitCamelCaseNames', changes: { textCase: 'CamelCase' } },
    { text: 'EmitCamelCaseNames:true', changes: { textCase: 'CamelCase' } },
    { text: 'eccn', changes: { textCase: 'CamelCase' } },
    { text: 'ECCN', changes: { textCase: 'CamelCase' } },
    { text: 'emitcamelcasenames:true', changes: { textCase: 'CamelCase' } },
    { text: 'EmitLowercaseUnderscoreNames', changes: { textCase: 'SnakeCase' } },
    { text: 'elun', changes: { textCase: 'SnakeCase' } },
    { text: 'IncludeNullValues', changes: { includeNullValues: true } },
    { text: 'inv', changes: { includeNullValues: true } },
    { text: 'inv:true', changes: { includeNullValues: true } },
    { text: 'ExcludeDefaultValues', changes: { excludeDefaultValues: true } },
    { text: 'edv', changes: { excludeDefaultValues: true } },
    { text: 'TreatEnumAsInteger', changes: { treatEnumAsInteger: true } },
    { text: 'teai', changes: { treatEnumAsInteger: true } },
    { text: 'AppendUtcOffset', changes: { appendUtcOffset: true } },
    { text: 'auo', changes: { appendUtcOffset: true } },
    { text: 'AUO:1', changes: { appendUtcOffset: true } },
    // :false and :0
    { text: 'eccn:false', changes: {} },
    { text: 'eccn:0', changes: {} },
    { text: 'elun:false', changes: {} },
    { text: 'inv:false', changes: {} },
    { text: 'inv:FALSE', changes: {} },
    { text: 'IncludeNullValues:0', changes: {} },
    { text: 'edv:false', changes: {} },
    { text: 'teai:0', changes: {} },
    { text: 'auo:false', changes: {} },
    { text: 'inv,inv:false', changes: {} },
    // TextCase
    { text: 'tc:cc', changes: { textCase: 'CamelCase' } },
    { text: 'tc:sc', changes: { textCase: 'SnakeCase' } },
    { text: 'tc:pc', changes: { textCase: 'PascalCase' } },
    { text: 'tc:d', changes: { textCase: 'PascalCase' } },
    { text: 'TextCase:CamelCase', changes: { textCase: 'CamelCase' } },
    { text: 'TextCase:SnakeCase', changes: { textCase: 'SnakeCase' } },
    { text: 'textcase:pascalcase', changes: { textCase: 'PascalCase' } },
    { text: 'TC:CC', changes: { textCase: 'CamelCase' } },
    { text: 'eccn,tc:d', changes: { textCase: 'PascalCase' } },
    { text: 'eccn,elun', changes: { textCase: 'SnakeCase' } },
    { text: 'tc:bogus', changes: {} },
    // combinations
    {
      text: 'dh:iso8601,eccn',
      changes: { dateHandler: 'ISO8601', dateHandlerSet: true, textCase: 'CamelCase' },
    },
    {
      text: 'inv,edv,teai,auo,elun,dh:utm',
      changes: {
        includeNullValues: true,
        excludeDefaultValues: true,
        treatEnumAsInteger: true,
        appendUtcOffset: true,
        textCase: 'SnakeCase',
        dateHandler: 'UnixTimeMs',
        dateHandlerSet: true,
      },
    },
    // unknown keys and values are ignored
    { text: 'bogus', changes: {} },
    { text: 'bogus:true,pi,ipf,tsh:sf', changes: {} },
    { text: 'dh:bogus', changes: {} },
    { text: 'bogus,inv', changes: { includeNullValues: true } },
  ])('reads "$text"', ({ text, changes }) => {
    expect(parseJsConfig(text)).toEqual({ ...defaultWriteOptions, ...changes })
  })

  it.each<{ text: string; dateHandler: DateHandler }>([
    { text: 'dh:to', dateHandler: 'TimestampOffset' },
    { text: 'dh:dcjsc', dateHandler: 'DCJSCompatible' },
    { text: 'dh:iso8601', dateHandler: 'ISO8601' },
    { text: 'dh:iso8601do', dateHandler: 'ISO8601DateOnly' },
    { text: 'dh:iso8601dt', dateHandler: 'ISO8601DateTime' },
    { text: 'dh:rfc1123', dateHandler: 'RFC1123' },
    { text: 'dh:ut', dateHandler: 'UnixTime' },
    { text: 'dh:utm', dateHandler: 'UnixTimeMs' },
    { text: 'DateHandler:TimestampOffset', dateHandler: 'TimestampOffset' },
    { text: 'DateHandler:DCJSCompatible', dateHandler: 'DCJSCompatible' },
    { text: 'DateHandler:ISO8601', dateHandler: 'ISO8601' },
    { text: 'DateHandler:ISO8601DateOnly', dateHandler: 'ISO8601DateOnly' },
    { text: 'DateHandler:ISO8601DateTime', dateHandler: 'ISO8601DateTime' },
    { text: 'DateHandler:RFC1123', dateHandler: 'RFC1123' },
    { text: 'DateHandler:UnixTime', dateHandler: 'UnixTime' },
    { text: 'DateHandler:UnixTimeMs', dateHandler: 'UnixTimeMs' },
    { text: 'DH:ISO8601DO', dateHandler: 'ISO8601DateOnly' },
    { text: 'datehandler:unixtimems', dateHandler: 'UnixTimeMs' },
  ])('reads "$text" as the $dateHandler date handler', ({ text, dateHandler }) => {
    expect(parseJsConfig(text)).toEqual({
      ...defaultWriteOptions,
      dateHandler,
      dateHandlerSet: true,
    })
  })

  it('does not change the shared defaults', () => {
    parseJsConfig('eccn,inv')
    expect(defaultWriteOptions.textCase).toBe('PascalCase')
    expect(defaultWriteOptions.includeNullValues).toBe(false)
  })
})

describe('caseName', () => {
  it.each<{ name: string; textCase: TextCase; expected: string }>([
    { name: 'PageId', textCase: 'PascalCase', expected: 'PageId' },
    { name: 'Id', textCase: 'PascalCase', expected: 'Id' },
    { name: 'PageId', textCase: 'CamelCase', expected: 'pageId' },
    { name: 'Id', textCase: 'CamelCase', expected: 'id' },
    {
      name: 'AccessControlAllowOrigin',
      textCase: 'CamelCase',
      expected: 'accessControlAllowOrigin',
    },
    { name: 'IsOriginal', textCase: 'CamelCase', expected: 'isOriginal' },
    // ServiceStack lowers the whole leading run of capitals but the last before a lowercase.
    { name: 'ABTestViewModel', textCase: 'CamelCase', expected: 'abTestViewModel' },
    { name: 'URL', textCase: 'CamelCase', expected: 'url' },
    { name: 'IDs', textCase: 'CamelCase', expected: 'iDs' },
    { name: 'PageId', textCase: 'SnakeCase', expected: 'page_id' },
    { name: 'Id', textCase: 'SnakeCase', expected: 'id' },
    {
      name: 'AccessControlAllowOrigin',
      textCase: 'SnakeCase',
      expected: 'access_control_allow_origin',
    },
    {
      name: 'ProfilePictureThumbnailUrl',
      textCase: 'SnakeCase',
      expected: 'profile_picture_thumbnail_url',
    },
    { name: 'IsLockedByMe', textCase: 'SnakeCase', expected: 'is_locked_by_me' },
    { name: 'ResponseStatus', textCase: 'SnakeCase', expected: 'response_status' },
  ])('writes $name in $textCase as $expected', ({ name, textCase, expected }) => {
    expect(caseName(name, textCase)).toBe(expected)
  })
})
