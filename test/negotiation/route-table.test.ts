import { describe, expect, it } from 'vitest'
import { operations } from '../../handlers/operations.ts'
import { compileRoutes, matchRoute } from '../../src/wire/index.ts'

// The route table alone: what the real host's routing decides for a path below the base path
// (servicestack-wire.md section 3.1), without a request or a response.

const table = compileRoutes(operations)

describe('matchRoute', () => {
  it.each([
    {
      behaviour: 'a route as declared',
      method: 'PUT',
      rest: 'comments-api/comments',
      dto: 'CommentUpdateRequest',
    },
    {
      behaviour: 'literals in any case',
      method: 'PUT',
      rest: 'COMMENTS-API/Comments',
      dto: 'CommentUpdateRequest',
    },
    {
      behaviour: 'empty segments ignored',
      method: 'PUT',
      rest: '/comments-api//comments/',
      dto: 'CommentUpdateRequest',
    },
    {
      behaviour: 'percent-escapes decoded',
      method: 'PUT',
      rest: 'comments%2Dapi/comments',
      dto: 'CommentUpdateRequest',
    },
    {
      behaviour: 'a format extension stripped',
      method: 'PUT',
      rest: 'ab-testing.csv',
      dto: 'ABTestViewModel',
    },
    {
      behaviour: 'a path variable',
      method: 'POST',
      rest: 'cms/inlineediting/containersInfo',
      dto: 'ContainerInfoMessage',
    },
    {
      behaviour: 'a pre-defined route, any verb',
      method: 'GET',
      rest: 'json/reply/CreateService',
      dto: 'CreateService',
    },
    {
      behaviour: "a pre-defined route's DTO name in any case",
      method: 'POST',
      rest: 'XML/oneway/createservice',
      dto: 'CreateService',
    },
  ])('matches $behaviour', ({ method, rest, dto }) => {
    expect(matchRoute(table, method, rest)?.operation.requestDto.name).toBe(dto)
  })

  it.each([
    {
      behaviour: 'another verb on a known path (a 404, not a 405)',
      method: 'GET',
      rest: 'comments-api/comments',
    },
    { behaviour: 'an unknown path', method: 'PUT', rest: 'comments-api/other' },
    { behaviour: 'an extra segment', method: 'PUT', rest: 'ab-testing/x' },
    { behaviour: 'an extension in capitals (not stripped)', method: 'PUT', rest: 'ab-testing.CSV' },
    {
      behaviour: 'a pre-defined route of an unknown DTO',
      method: 'POST',
      rest: 'json/reply/Nothing',
    },
    { behaviour: 'nothing at all', method: 'PUT', rest: '' },
  ])('matches nothing for $behaviour', ({ method, rest }) => {
    expect(matchRoute(table, method, rest)).toBeUndefined()
  })

  it('gives the path variables, the extension, the first segment and the pre-defined format', () => {
    expect(matchRoute(table, 'POST', 'cms/inlineediting/containersInfo.xml')).toMatchObject({
      params: { product: 'cms' },
      extension: 'xml',
      firstSegment: 'cms',
      predefinedFormat: null,
    })
    expect(matchRoute(table, 'PUT', 'jsv/reply/CommentUpdateRequest')).toMatchObject({
      params: {},
      extension: null,
      firstSegment: 'jsv',
      predefinedFormat: 'jsv',
    })
  })
})
