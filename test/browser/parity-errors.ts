import {
  abTesting,
  comments,
  containersInfo,
  createService,
  json,
  jsonRequest,
  key,
  page,
  seededRoute,
  type ParityRequest,
} from './parity-requests.ts'

// Error cases, in every format: validation, unknown keys and paths, malformed bodies,
// simulated faults.
export const errorRequests: readonly ParityRequest[] = [
  jsonRequest('400 json', 'a blank comment Key, json', 'PUT', comments, {
    Key: '  ',
    Message: 'x',
  }),
  jsonRequest(
    '400 xml',
    'a blank comment Key, xml',
    'PUT',
    comments,
    { Key: '' },
    'application/xml',
  ),
  jsonRequest('404 json', 'an unknown comment Key, json', 'PUT', comments, { Key: 'no-such-key' }),
  jsonRequest(
    '404 csv',
    'an unknown comment Key, csv',
    'PUT',
    comments,
    { Key: 'no-such-key' },
    'text/csv',
  ),
  jsonRequest(
    '400 jsv',
    'a bad comment Status, jsv',
    'PUT',
    comments,
    { Key: key(5), Status: 'Gone' },
    'application/jsv',
  ),
  jsonRequest('400 json', 'a duplicate seeded Route, json', 'POST', createService, {
    Route: seededRoute.toUpperCase(),
  }),
  jsonRequest(
    '400 xml',
    'a duplicate Route made earlier in the matrix, xml',
    'POST',
    createService,
    { Route: '/API/Parity-Json' },
    'application/xml',
  ),
  jsonRequest(
    '400 html',
    'a missing Route, html',
    'POST',
    createService,
    { Name: 'no route' },
    'text/html',
  ),
  jsonRequest('400 json', 'a malformed PageId, json', 'POST', containersInfo('cms'), {
    PageId: 'not-a-guid',
  }),
  jsonRequest(
    '400 csv',
    'a missing PageId, csv',
    'POST',
    containersInfo('cms'),
    { ContainersInfo: [] },
    'text/csv',
  ),
  jsonRequest('400 xml', 'a malformed ItemId, xml', 'POST', `${containersInfo('cms')}.xml`, {
    PageId: page(0),
    ContainersInfo: [{ ItemId: 'nope', ItemType: 'X' }],
  }),
  jsonRequest('400 json', 'an ItemType no CLR type has, json', 'POST', containersInfo('cms'), {
    PageId: page(0),
    ContainersInfo: [{ ItemId: 'bf1c9a43-2b7e-4c1d-9a51-0e3f7d2b8c16', ItemType: 'X', Fields: [] }],
  }),
  jsonRequest('400 json', 'malformed JSON, json', 'PUT', abTesting, '{"Title":'),
  jsonRequest('400 html', 'malformed JSON, html', 'PUT', abTesting, '{"Title": tru}', 'text/html'),
  jsonRequest('400 json', 'a JSON body that is not an object', 'PUT', comments, '[1]'),
  jsonRequest(
    '400 json',
    'a value that does not bind in the query',
    'PUT',
    `${comments}?Rating=abc`,
    {
      Key: key(0),
    },
  ),
  {
    name: 'an unknown path',
    expected: '404 text',
    method: 'GET',
    path: '/RestApi/nope',
    headers: { Accept: json },
  },
  {
    name: 'an unknown path with a body',
    expected: '404 text',
    method: 'POST',
    path: '/RestApi/comments-api/nope',
    headers: { Accept: json, 'Content-Type': json },
    body: '{}',
  },
  {
    name: 'a known path, another verb',
    expected: '404 text',
    method: 'GET',
    path: comments,
    headers: { Accept: json },
  },
  jsonRequest('404 text', 'an upper-case extension is not stripped', 'PUT', `${comments}.CSV`, {
    Key: key(0),
  }),
  {
    name: 'the pre-defined route with the wrong verb',
    expected: '405 json',
    method: 'GET',
    path: '/RestApi/json/reply/CommentUpdateRequest',
    headers: { Accept: json },
  },
  jsonRequest(
    '503 json',
    'Prefer: code=503, json',
    'PUT',
    comments,
    { Key: key(0), Message: 'never stored' },
    json,
    {
      Prefer: 'code=503',
    },
  ),
  jsonRequest(
    '503 xml',
    '?__code=503, xml',
    'POST',
    `${createService}?__code=503`,
    { Route: '/api/never' },
    'application/xml',
  ),
  jsonRequest(
    '503 csv',
    'Prefer: code=503, csv',
    'PUT',
    abTesting,
    { Title: 'never stored' },
    'text/csv',
    {
      Prefer: 'code=503',
    },
  ),
  jsonRequest('503 html', 'Prefer: code=503, html', 'PUT', comments, { Key: key(0) }, 'text/html', {
    Prefer: 'code=503',
  }),
]

// The state that the sequence leaves behind, and what reading it back answers.
export const readBackRequests: readonly ParityRequest[] = [
  jsonRequest('200 jsonp', 'JSONP by ?callback=', 'PUT', `${comments}?callback=parity.cb`, {
    Key: key(0),
    Name: 'Renamed, JSONP',
  }),
  jsonRequest(
    '200 json',
    'a mixed-case path and a trailing slash',
    'PUT',
    '/restapi/Comments-Api/COMMENTS/',
    {
      Key: key(1).toUpperCase(),
      Rating: 1,
    },
  ),
  // The HTML page links to the same path and query in the other formats: the path as the
  // request had it (an empty segment, a trailing slash), the query re-encoded.
  jsonRequest(
    '200 html',
    'an HTML page for a path with an empty segment and a non-ASCII query',
    'PUT',
    '/RestApi//comments-api/comments/?a=%41&b=é&c=a+b',
    { Key: key(2), CustomData: '{"source":"parity"}' },
    'text/html',
  ),
  // Issue 18's cases: each runtime must give the real host's answer the same way.
  {
    name: 'an enum in the wrong case in an XML body',
    expected: '400 xml',
    method: 'PUT',
    path: abTesting,
    headers: { Accept: 'application/xml', 'Content-Type': 'application/xml' },
    body:
      '<ABTestViewModel xmlns="http://schemas.datacontract.org/2004/07/Cms.Services.ABTesting.ViewModels">' +
      '<Status>active</Status><Title>Parity: strict xml</Title></ABTestViewModel>',
  },
  jsonRequest(
    '405 json',
    'an unknown operation on a pre-defined route',
    'PUT',
    '/RestApi/json/reply/CommentResponse',
    {},
  ),
  jsonRequest('500 json', 'a container without Fields', 'POST', containersInfo('cms'), {
    PageId: page(0),
    ContainersInfo: [{ ItemId: 'bf1c9a43-2b7e-4c1d-9a51-0e3f7d2b8c16', ItemType: 'Cms.X.Item' }],
  }),
  jsonRequest('500 xml', 'a PageId no page has, xml', 'POST', `${containersInfo('cms')}.xml`, {
    PageId: 'bf1c9a43-2b7e-4c1d-9a51-0e3f7d2b8c15',
    ContainersInfo: [],
  }),
  jsonRequest(
    '400 xml',
    'a character XML cannot hold, xml',
    'PUT',
    comments,
    { Key: key(3), Message: 'a\u0001b' },
    'application/xml',
  ),
  jsonRequest(
    '200 jsonp',
    'an unsafe JSONP callback, made safe',
    'PUT',
    `${comments}?callback=a-b`,
    { Key: key(3), Message: 'jsonp' },
  ),
  jsonRequest('200 json', 'an object sent to a string field', 'PUT', comments, {
    Key: key(3),
    CustomData: { source: 'parity' },
  }),
  {
    name: 'the whole state',
    expected: '200 json',
    method: 'GET',
    path: '/__mock/state',
    headers: { Accept: json },
  },
]
