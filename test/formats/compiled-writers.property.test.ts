import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CommentResponse, defineDto } from '../../src/model/index.ts'
import { nullable, stringField } from '../../src/model/field.ts'
import { writeCsv } from '../../src/wire/formats/csv.ts'
import { makeCsvTableWriter } from '../../src/wire/formats/csv-table-writer.ts'
import { defaultWriteOptions } from '../../src/wire/formats/jsconfig.ts'
import { writeJson } from '../../src/wire/formats/json.ts'
import { makeJsonTreeBuilder } from '../../src/wire/formats/json-tree-builder.ts'
import { dtoValue, writtenDtos } from './arbitraries.ts'

// Under the default options (the identical `defaultWriteOptions` object), JSON and CSV answers
// are written by a function made for the DTO; under any other options object, by the generic
// writers. Property: for every DTO and value, both write the same text. A copy of the default
// options is equal in every setting but takes the generic path.

const genericOptions = { ...defaultWriteOptions }

const writers = [
  ['JSON', writeJson],
  ['CSV', writeCsv],
] as const

const fail = (): never => {
  throw new Error('not called')
}

describe('writers made for a DTO agree with the generic writers', () => {
  for (const def of writtenDtos) {
    it(`${def.name}: a writer is made (else the generic writer would be compared with itself)`, () => {
      expect(makeJsonTreeBuilder(def, fail)).toBeTypeOf('function')
      expect(makeCsvTableWriter(def, { cellOf: fail, toCsvField: fail })).toBeTypeOf('function')
    })

    for (const [format, write] of writers) {
      it(`${def.name}: ${format}, any value`, () => {
        fc.assert(
          fc.property(dtoValue(def), (value) => {
            expect(write(def, value, defaultWriteOptions)).toBe(write(def, value, genericOptions))
          }),
          { numRuns: 150 },
        )
      })
    }
  }

  it('values of the wrong kind, absent fields and numbers that are not finite are written alike', () => {
    const values: Record<string, unknown>[] = [
      { Key: 12, Name: true, DateCreated: new Date(Number.NaN), Rating: Number.POSITIVE_INFINITY },
      { Message: 'a "quoted", comma\r\nline', Rating: 0, DateCreated: new Date(0) },
      {},
    ]
    for (const value of values) {
      expect(writeJson(CommentResponse, value, defaultWriteOptions)).toBe(
        writeJson(CommentResponse, value, genericOptions),
      )
      expect(writeCsv(CommentResponse, value, defaultWriteOptions)).toBe(
        writeCsv(CommentResponse, value, genericOptions),
      )
    }
    expect(writeJson(CommentResponse, values[0] as object, defaultWriteOptions)).toBe(
      '{"Key":"12","Name":"true","DateCreated":null,"Rating":null}',
    )
  })

  it('a date changed in place is written as it is now, not as it was first written', () => {
    const date = new Date(1_000)
    const value = { Key: 'k', DateCreated: date }
    expect(writeJson(CommentResponse, value, defaultWriteOptions)).toContain('"\\/Date(1000)\\/"')
    date.setTime(2_000)
    const text = writeJson(CommentResponse, value, defaultWriteOptions)
    expect(text).toContain('"\\/Date(2000)\\/"')
    expect(text).toBe(writeJson(CommentResponse, value, genericOptions))
    date.setTime(Number.NaN)
    expect(writeJson(CommentResponse, value, defaultWriteOptions)).toContain('"DateCreated":null')
  })

  it('a DTO whose field names are not identifiers is written by the generic writers', () => {
    const odd = defineDto('Odd', 'Test', { 'Odd-Name': nullable(stringField()) })
    expect(makeJsonTreeBuilder(odd, fail)).toBeNull()
    expect(makeCsvTableWriter(odd, { cellOf: fail, toCsvField: fail })).toBeNull()
    expect(writeJson(odd, { 'Odd-Name': 'x' }, defaultWriteOptions)).toBe('{"Odd-Name":"x"}')
    expect(writeCsv(odd, { 'Odd-Name': 'x' }, defaultWriteOptions)).toBe(
      writeCsv(odd, { 'Odd-Name': 'x' }, genericOptions),
    )
  })
})
