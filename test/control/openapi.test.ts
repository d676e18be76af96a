import { describe, expect, it } from 'vitest'
import { operations } from '../../handlers/index.ts'
import { createStore } from '../../src/index.ts'
import { CommentUpdateRequest, ErrorResponse } from '../../src/model/index.ts'
import type { Operation } from '../../src/wire/index.ts'
import {
  compile,
  describeOpenApi,
  openApiOf,
  operationOf,
  refOf,
  schemaEngine,
  sendTo,
  urlOf,
} from './openapi-checks.ts'

// The OpenAPI document of the spec's operations: every generic check (openapi-checks.ts, which
// an added operation runs too), then what only the spec's four say.

describeOpenApi({ operations })

const comments = operations.find((op) => op.requestDto === CommentUpdateRequest) as Operation

describe('the spec operations in OpenAPI', () => {
  it("takes the container info's {product} example from the operation's own", () => {
    const doc = openApiOf(operations)
    const withVariables = operations.filter((op) => op.route.includes('{'))
    expect(withVariables.length).toBeGreaterThan(0)
    expect(operationOf(doc, withVariables[0] as Operation).parameters[0].example).toBe('cms')
  })

  it('says the comment update answers 404 ItemNotFoundException', () => {
    expect(operationOf(openApiOf(operations), comments).responses['404'].description).toContain(
      'ItemNotFoundException',
    )
  })

  it('answers the comment 404 as ErrorResponse says', async () => {
    const doc = openApiOf(operations)
    const response = await sendTo(
      { operations, store: createStore({ seed: 1 }) },
      { url: urlOf(doc, comments), method: comments.method, body: { Key: 'no-such' } },
    )
    expect(response.status).toBe(404)
    const validate = compile(schemaEngine(doc, { closed: true }), refOf(ErrorResponse))
    validate(await response.json())
    expect(validate.errors ?? []).toEqual([])
  })

  it('refuses an answer with a member the schema does not name', () => {
    const validate = compile(
      schemaEngine(openApiOf(operations), { closed: true }),
      refOf(ErrorResponse),
    )
    expect(validate({ NoSuchMember: 1 })).toBe(false)
    expect(validate({ ResponseStatus: { Errors: [{ NoSuchMember: 1 }] } })).toBe(false)
  })
})
