import type { Store } from '../../src/index.ts'
import type { DtoDef } from '../../src/model/index.ts'
import { exampleRoute, writers, type Operation } from '../../src/wire/index.ts'
import { operations } from '../../handlers/index.ts'
import { testContext } from '../support/index.ts'

// The operations as the format matrix walks them, each derived from its own defineOperation:
// the route, the DTOs and the one example request. No list here names an operation, so a new
// one is in the matrix the moment it is in the mock's list.

/** One request of an operation, written out in every body format the mock reads. */
export interface OperationRequest {
  readonly json: string
  readonly jsv: string
  readonly xml: string
  readonly csv: string
  /** Form and multipart fields; structured values as JSV, as the real server reads them. */
  readonly form: readonly (readonly [string, string])[]
  /** The same object as the JSON body, for the spec's JSON-notation `text/csv` samples. */
  readonly object: Record<string, unknown>
}

export interface OperationCase {
  /** The request DTO's name: the test's title, the pre-defined route's last segment, the CSV file name. */
  readonly name: string
  readonly dto: string
  readonly method: string
  /** Whether the verb carries a body (GET and HEAD cannot, in a web-standard Request). */
  readonly hasBody: boolean
  readonly responseDef: DtoDef
  /** The user route under `/RestApi`, path variables filled from the example. */
  path(store: Store): string
  request(store: Store): OperationRequest
}

/** The case of an operation, from its route, its DTOs and its example. */
export function operationCase(operation: Operation): OperationCase {
  const { requestDto, responseDto, method } = operation
  const sample = (store: Store): Record<string, unknown> =>
    operation.example.sample(store).request as Record<string, unknown>
  return {
    name: requestDto.name,
    dto: requestDto.name,
    method,
    hasBody: method !== 'GET',
    responseDef: responseDto,
    path: (store) => `/RestApi${exampleRoute(operation, sample(store))}`,
    request(store) {
      const object = sample(store)
      const ctx = testContext()
      return {
        object,
        json: JSON.stringify(object),
        jsv: writers.jsv(requestDto, object, ctx),
        xml: writers.xml(requestDto, object, ctx),
        csv: writers.csv(requestDto, object, ctx),
        form: formFields(requestDto, object),
      }
    },
  }
}

/** Every operation of the spec, as the matrix walks it. */
export const operationCases: readonly OperationCase[] = operations.map(operationCase)

/**
 * The DTO's fields as form values: a string as it is, anything else as the JSV the real server
 * reads from a form (cut out of the DTO's JSV, written with the field alone).
 */
function formFields(def: DtoDef, object: Record<string, unknown>): [string, string][] {
  const ctx = testContext()
  return def.entries.flatMap((entry): [string, string][] => {
    const value = object[entry.name]
    if (value === null || value === undefined) return []
    if (typeof value === 'string') return [[entry.name, value]]
    const jsv = writers.jsv(def, { [entry.name]: value }, ctx)
    return [[entry.name, jsv.slice(`{${entry.name}:`.length, -1)]]
  })
}
