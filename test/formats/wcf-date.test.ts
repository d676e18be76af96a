import { describe, expect, it } from 'vitest'
import { formatJsonDate } from '../../src/wire/formats/date-handlers.ts'
import type { DateHandler } from '../../src/wire/formats/jsconfig.ts'
import { formatWcfDate, parseDate } from '../../src/wire/formats/wcf-date.ts'

// servicestack-wire.md sections 6.2 and 6.3; decisions.md sections 3 and 4.

const newYear2020 = Date.UTC(2020, 0, 1) // 1577836800000
const minValue = -62135596800000 // DateTime.MinValue

describe('parseDate', () => {
  it.each<{ behaviour: string; text: string; ms: number }>([
    { behaviour: '/Date(ms)/', text: '/Date(1577836800000)/', ms: newYear2020 },
    {
      behaviour: 'the escaped form \\/Date(ms)\\/',
      text: '\\/Date(1577836800000)\\/',
      ms: newYear2020,
    },
    { behaviour: 'negative milliseconds', text: '/Date(-62135596800000)/', ms: minValue },
    { behaviour: 'zero milliseconds', text: '/Date(0)/', ms: 0 },
    {
      behaviour: 'the -0000 suffix of an unspecified date',
      text: '/Date(1577836800000-0000)/',
      ms: newYear2020,
    },
    // Issue 30, N21: ParseWcfJsonDate adds the offset and reads the result as the host's wall
    // clock (SST DateTimeSerializer.cs l.553–590, DateTimeExtensions.cs l.89–92): on a UTC host
    // the instant moves by the offset.
    {
      behaviour: 'a +0200 offset (added to the instant on a UTC host)',
      text: '/Date(1577836800000+0200)/',
      ms: newYear2020 + 7_200_000,
    },
    {
      behaviour: 'a -0530 offset (added to the instant on a UTC host)',
      text: '/Date(1577836800000-0530)/',
      ms: newYear2020 - 19_800_000,
    },
    { behaviour: 'a +200 offset', text: '/Date(1577836800000+200)/', ms: newYear2020 + 7_200_000 },
    {
      behaviour: 'a +02:00 offset',
      text: '/Date(1577836800000+02:00)/',
      ms: newYear2020 + 7_200_000,
    },
    { behaviour: 'no closing slash', text: '/Date(1577836800000)', ms: newYear2020 },
    {
      behaviour: 'escaped slashes with an offset',
      text: '\\/Date(1577836800000+0000)\\/',
      ms: newYear2020,
    },
    { behaviour: 'surrounding whitespace', text: '  /Date(1577836800000)/ ', ms: newYear2020 },
    { behaviour: 'ISO 8601 with Z', text: '2020-01-01T10:00:00Z', ms: Date.UTC(2020, 0, 1, 10) },
    {
      behaviour: 'ISO 8601 with a lowercase z',
      text: '2020-01-01T10:00:00z',
      ms: Date.UTC(2020, 0, 1, 10),
    },
    {
      behaviour: 'ISO 8601 with a +02:00 offset',
      text: '2020-01-01T10:00:00+02:00',
      ms: Date.UTC(2020, 0, 1, 8),
    },
    {
      behaviour: 'ISO 8601 with a +0200 offset',
      text: '2020-01-01T10:00:00+0200',
      ms: Date.UTC(2020, 0, 1, 8),
    },
    {
      behaviour: 'ISO 8601 with a -05:30 offset',
      text: '2020-01-01T10:00:00-05:30',
      ms: Date.UTC(2020, 0, 1, 15, 30),
    },
    {
      behaviour: 'ISO 8601 with an offset crossing midnight',
      text: '2020-01-01T01:00:00+02:00',
      ms: Date.UTC(2019, 11, 31, 23),
    },
    {
      behaviour: 'ISO 8601 without a zone (read as UTC)',
      text: '2020-01-01T10:00:00',
      ms: Date.UTC(2020, 0, 1, 10),
    },
    {
      behaviour: 'ISO 8601 with a space instead of T',
      text: '2020-01-01 10:00:00',
      ms: Date.UTC(2020, 0, 1, 10),
    },
    {
      behaviour: 'ISO 8601 with three fraction digits',
      text: '2020-01-01T10:00:00.123Z',
      ms: Date.UTC(2020, 0, 1, 10, 0, 0, 123),
    },
    {
      behaviour: 'ISO 8601 with seven fraction digits (.NET "o")',
      text: '2020-01-01T10:00:00.1234567Z',
      ms: Date.UTC(2020, 0, 1, 10, 0, 0, 123),
    },
    {
      behaviour: 'ISO 8601 with one fraction digit',
      text: '2020-01-01T10:00:00.5Z',
      ms: Date.UTC(2020, 0, 1, 10, 0, 0, 500),
    },
    {
      behaviour: 'ISO 8601 with a fraction and an offset',
      text: '2020-01-01T10:00:00.250+01:00',
      ms: Date.UTC(2020, 0, 1, 9, 0, 0, 250),
    },
    { behaviour: 'yyyy-MM-dd', text: '2020-01-15', ms: Date.UTC(2020, 0, 15) },
    { behaviour: 'yyyy-MM-dd on a leap day', text: '2020-02-29', ms: Date.UTC(2020, 1, 29) },
    { behaviour: 'yyyyMMdd', text: '20200115', ms: Date.UTC(2020, 0, 15) },
    // A 19-character date is DateTime.Parse's with the invariant culture, month first (SST
    // DateTimeSerializer.cs l.92–100), whatever the DefaultDateTimeFormat constant's name says.
    {
      behaviour: 'MM/dd/yyyy HH:mm:ss',
      text: '01/15/2020 10:20:30',
      ms: Date.UTC(2020, 0, 15, 10, 20, 30),
    },
    {
      behaviour: 'RFC 1123',
      text: 'Wed, 15 Jan 2020 10:20:30 GMT',
      ms: Date.UTC(2020, 0, 15, 10, 20, 30),
    },
  ])('reads $behaviour', ({ text, ms }) => {
    expect(parseDate(text)?.getTime()).toBe(ms)
  })

  it.each<{ behaviour: string; text: string }>([
    { behaviour: 'the 30th of February', text: '2020-02-30' },
    { behaviour: 'the 29th of February of a common year', text: '2021-02-29' },
    { behaviour: 'a thirteenth month', text: '2020-13-01' },
    { behaviour: 'a compact date of the 30th of February', text: '20200230' },
    { behaviour: 'hour 24', text: '2020-01-01T24:00:00Z' },
    { behaviour: 'minute 60', text: '2020-01-01T10:60:00Z' },
    { behaviour: 'plain words', text: 'abc' },
    { behaviour: 'a /Date()/ of non-digits', text: '/Date(x)/' },
    { behaviour: 'an empty /Date()/', text: '/Date()/' },
    { behaviour: 'a /Date()/ with a two-digit offset', text: '/Date(1577836800000+02)/' },
    { behaviour: 'an unclosed /Date(', text: '/Date(1577836800000' },
    { behaviour: 'the empty string', text: '' },
    { behaviour: 'whitespace only', text: '   ' },
    { behaviour: 'a day-first date (month 31)', text: '31/04/2020 10:00:00' },
    { behaviour: 'a day-first date (month 15)', text: '15/01/2020 10:20:30' },
    // Issue 30, C12: past DateTime's range FromUnixTimeMs throws ArgumentOutOfRangeException,
    // which the JSON reader swallows (SST DeserializeTypeRefJson.cs l.146–152): dropped.
    { behaviour: 'one millisecond past DateTime.MaxValue', text: '/Date(253402300800000)/' },
    { behaviour: 'an offset past DateTime.MaxValue', text: '/Date(253402300799999+0100)/' },
    { behaviour: 'one millisecond before DateTime.MinValue', text: '/Date(-62135596800001)/' },
    { behaviour: 'an offset of 24 hours', text: '/Date(0+2400)/' },
    { behaviour: 'an offset of 60 minutes', text: '/Date(0+0060)/' },
  ])('refuses $behaviour', ({ text }) => {
    expect(parseDate(text)).toBeUndefined()
  })
})

describe('formatWcfDate', () => {
  it.each<{ behaviour: string; ms: number; appendUtcOffset: boolean; text: string }>([
    {
      behaviour: 'a UTC date with no suffix',
      ms: newYear2020,
      appendUtcOffset: false,
      text: '/Date(1577836800000)/',
    },
    {
      behaviour: 'a UTC date with +0000 under AppendUtcOffset',
      ms: newYear2020,
      appendUtcOffset: true,
      text: '/Date(1577836800000+0000)/',
    },
    {
      behaviour: 'DateTime.MinValue as negative milliseconds',
      ms: minValue,
      appendUtcOffset: false,
      text: '/Date(-62135596800000)/',
    },
    { behaviour: 'the epoch as zero', ms: 0, appendUtcOffset: false, text: '/Date(0)/' },
  ])('writes $behaviour', ({ ms, appendUtcOffset, text }) => {
    expect(formatWcfDate(new Date(ms), appendUtcOffset)).toBe(text)
  })

  it('writes no suffix when AppendUtcOffset is not given', () => {
    expect(formatWcfDate(new Date(newYear2020))).toBe('/Date(1577836800000)/')
  })

  it('round-trips through parseDate', () => {
    const date = new Date(Date.UTC(2021, 5, 7, 8, 9, 10, 11))
    expect(parseDate(formatWcfDate(date))).toEqual(date)
    expect(parseDate(formatWcfDate(date, true))).toEqual(date)
  })
})

describe('formatJsonDate', () => {
  const date = new Date(Date.UTC(2020, 0, 2, 3, 4, 5, 678)) // 1577934245678, a Thursday

  it.each<{ handler: DateHandler; appendUtcOffset: boolean; token: string }>([
    {
      handler: 'TimestampOffset',
      appendUtcOffset: false,
      token: String.raw`"\/Date(1577934245678)\/"`,
    },
    {
      handler: 'TimestampOffset',
      appendUtcOffset: true,
      token: String.raw`"\/Date(1577934245678+0000)\/"`,
    },
    {
      handler: 'DCJSCompatible',
      appendUtcOffset: false,
      token: String.raw`"\/Date(1577934245678)\/"`,
    },
    { handler: 'ISO8601', appendUtcOffset: false, token: '"2020-01-02T03:04:05.6780000Z"' },
    { handler: 'ISO8601DateOnly', appendUtcOffset: false, token: '"2020-01-02"' },
    { handler: 'ISO8601DateTime', appendUtcOffset: false, token: '"2020-01-02 03:04:05"' },
    { handler: 'RFC1123', appendUtcOffset: false, token: '"Thu, 02 Jan 2020 03:04:05 GMT"' },
    { handler: 'UnixTime', appendUtcOffset: false, token: '1577934245' },
    { handler: 'UnixTimeMs', appendUtcOffset: false, token: '1577934245678' },
  ])(
    'writes $handler (AppendUtcOffset $appendUtcOffset) as $token',
    ({ handler, appendUtcOffset, token }) => {
      expect(formatJsonDate(date, handler, appendUtcOffset)).toBe(token)
    },
  )

  it('keeps the backslashes of the default form in the text, so JSON readers see /Date(ms)/', () => {
    const token = formatJsonDate(date, 'TimestampOffset', false)
    expect(token.charAt(1)).toBe('\\')
    expect(JSON.parse(token)).toBe('/Date(1577934245678)/')
  })

  it.each<{ handler: DateHandler; token: string }>([
    { handler: 'TimestampOffset', token: String.raw`"\/Date(-62135596800000)\/"` },
    { handler: 'ISO8601', token: '"0001-01-01T00:00:00.0000000Z"' },
    { handler: 'ISO8601DateOnly', token: '"0001-01-01"' },
    { handler: 'ISO8601DateTime', token: '"0001-01-01 00:00:00"' },
  ])('writes DateTime.MinValue under $handler as $token', ({ handler, token }) => {
    expect(formatJsonDate(new Date(minValue), handler, false)).toBe(token)
  })
})
