import { describe, expect, it } from 'vitest'
import * as browserEntry from '../../handlers/index.ts'
import * as nodeEntry from '../../src/node/handlers-entry.ts'

describe('restapi-mock/handlers under Node', () => {
  it('exports every value the browser entry exports, and the same functions', () => {
    expect(Object.keys(nodeEntry).sort()).toEqual(Object.keys(browserEntry).sort())
    expect(nodeEntry.createHandlers).toBe(browserEntry.createHandlers)
  })
})
