import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CommentResponse } from '../../src/model/index.ts'
import { writeJson } from '../../src/wire/formats/json.ts'
import {
  dateHandlers,
  defaultWriteOptions,
  textCases,
  type WriteOptions,
} from '../../src/wire/formats/jsconfig.ts'
import { dtoValue, writtenDtos } from './arbitraries.ts'

// writeJson has two writers: one JSON.stringify over a tree of values where the runtime has
// JSON.rawJSON (Node, current browsers), and text joined field by field where it has not (an
// older browser running the service worker). Property: both write the same text for every DTO,
// value and `?jsconfig=` setting.

const jsonGlobal = JSON as { rawJSON?: unknown }
const rawJson = jsonGlobal.rawJSON

function withoutRawJson<T>(run: () => T): T {
  delete jsonGlobal.rawJSON
  try {
    return run()
  } finally {
    jsonGlobal.rawJSON = rawJson
  }
}

const writeOptions: fc.Arbitrary<WriteOptions> = fc.record({
  textCase: fc.constantFrom(...textCases),
  dateHandler: fc.constantFrom(...dateHandlers),
  dateHandlerSet: fc.boolean(),
  includeNullValues: fc.boolean(),
  excludeDefaultValues: fc.boolean(),
  treatEnumAsInteger: fc.boolean(),
  appendUtcOffset: fc.boolean(),
})

describe('writeJson: the JSON.stringify writer and the joined-text writer agree', () => {
  it('runs on a runtime with JSON.rawJSON (else the first writer is not under test)', () => {
    expect(typeof rawJson).toBe('function')
  })

  for (const def of writtenDtos) {
    it(`${def.name}: any value, any options`, () => {
      fc.assert(
        fc.property(dtoValue(def), writeOptions, (value, options) => {
          const tree = writeJson(def, value, options)
          const joined = withoutRawJson(() => writeJson(def, value, options))
          expect(tree).toBe(joined)
        }),
        { numRuns: 150 },
      )
    })
  }

  it('numbers that are not finite, and values of the wrong kind, are written alike', () => {
    const value = {
      Key: 12,
      Name: true,
      DateCreated: new Date(Number.NaN),
      Rating: Number.POSITIVE_INFINITY,
    }
    for (const options of [
      { ...defaultWriteOptions, includeNullValues: true },
      { ...defaultWriteOptions, excludeDefaultValues: true },
    ]) {
      const tree = writeJson(CommentResponse, value, options)
      expect(tree).toBe(withoutRawJson(() => writeJson(CommentResponse, value, options)))
      expect(tree).toContain('"Rating":null')
      expect(tree).toContain('"Key":"12"')
      expect(tree).toContain('"DateCreated":null')
    }
  })
})
