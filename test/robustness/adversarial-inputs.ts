import type { Mock } from '../../src/mock/create-mock.ts'
import { maxPatternLength } from '../../src/control/fault-rules.ts'

// Inputs built to make a parser or a pattern backtrack: each case builds a request whose
// hostile part is about `n` characters long, for every reader, header, query and path parser
// and for the fault rules' patterns. test/robustness/linear-time.slow.test.ts times them.

export interface AdversarialCase {
  readonly name: string
  /** A request whose hostile part is about `n` characters (the whole body at most `n`). */
  readonly request: (n: number) => Request
  /** Called once on a fresh mock before the case runs (fault rules, for instance). */
  readonly setup?: (mock: Mock) => Promise<void>
}

const origin = 'http://localhost'

/** `unit` repeated to make `head + … + tail` about `n` characters long. */
export function fill(unit: string, n: number, head = '', tail = ''): string {
  const count = Math.max(1, Math.floor((n - head.length - tail.length) / unit.length))
  return head + unit.repeat(count) + tail
}

function body(
  path: string,
  contentType: string,
  text: string,
  method: 'POST' | 'PUT' = 'POST',
): Request {
  return new Request(`${origin}${path}`, {
    method,
    headers: { 'Content-Type': contentType, Accept: 'application/json' },
    body: text,
  })
}

function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Request {
  return new Request(`${origin}${path}`, {
    method,
    headers: { Accept: 'application/json', ...headers },
  })
}

const xmlRoute = '/RestApi/xml/reply/CreateService'
const jsonRoute = '/RestApi/json/reply/CreateService'
const jsvRoute = '/RestApi/jsv/reply/CreateService'
const csvRoute = '/RestApi/csv/reply/CreateService'
const serviceRoute = '/RestApi/apiservice/createService'
const commentRoute = '/RestApi/comments-api/comments'
const abTestRoute = '/RestApi/ab-testing'

// Read as XML, answered in JSON: the time is the reader's, not the XML writer's.
const xml = (text: string): Request => body(serviceRoute, 'application/xml', text)
const rootOpen =
  '<CreateService xmlns="http://schemas.datacontract.org/2004/07/Cms.Services.Api.Messages">'
const rootClose = '</CreateService>'

/** Distinct attribute names, so the validator finds nothing wrong before it has read them all. */
function distinctAttributes(n: number): string {
  let text = '<CreateService'
  for (let i = 0; text.length < n - 16; i++) text += ` a${i.toString(36)}=""`
  return `${text}/>`
}

/** Fault rules that each look at the whole path: the cap's worth of the worst pattern. */
async function addRules(mock: Mock, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    const response = await mock.dispatch(
      new Request(`${origin}/__mock/faults`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ path, status: 503 }),
      }),
    )
    if (response?.status !== 201)
      throw new Error(`Failed to add the fault rule '${path}': ${response?.status}`)
  }
}

/**
 * Fault rules apply to requests that reach an operation: the container-info route takes any
 * product segment, so a long path can reach it (and every rule is tried against the path).
 */
function longProductPath(n: number): Request {
  return get(fill('a', n, '/RestApi/', '/inlineediting/containersInfo'), {}, 'POST')
}

/** The pattern, and the longest one allowed built the same way. */
const starPattern = '/RestApi/*a*a*a*a*a*a*a*a*b'
const longStarPattern = fill('*a', maxPatternLength - 2, '', '*b').slice(-maxPatternLength)
/** The worst piece for a search that compares afresh at each place: `a…ab a…a`. */
const longPiecePattern = `*${'a'.repeat(511)}b${'a'.repeat(maxPatternLength - 514)}*`

export const adversarialCases: readonly AdversarialCase[] = [
  // XML (src/wire/formats/xml-read.ts, xml-scan.ts and fast-xml-parser behind them).
  { name: "XML '<a' repeated", request: (n) => xml(fill('<a', n)) },
  {
    name: "XML '<a' repeated, sent as text/plain",
    request: (n) => body(xmlRoute, 'text/plain', fill('<a', n)),
  },
  {
    name: "XML CDATA full of '<'",
    // Without a namespace on the root, the old xmlns regex tried every `<` to the end.
    request: (n) => xml(fill('<', n, '<CreateService><Route><![CDATA[', `]]></Route>${rootClose}`)),
  },
  { name: 'XML nested elements', request: (n) => xml(fill('<a>', n)) },
  { name: 'XML empty siblings', request: (n) => xml(fill('<a/>', n, rootOpen, rootClose)) },
  { name: 'XML closing tags', request: (n) => xml(fill('</a>', n, rootOpen, rootClose)) },
  { name: 'XML bare attribute names', request: (n) => xml(fill(' a', n, '<CreateService', '/>')) },
  { name: 'XML distinct attributes', request: (n) => xml(distinctAttributes(n)) },
  {
    name: "XML an attribute full of '>'",
    request: (n) => xml(fill('>', n, '<CreateService a="', '"/>')),
  },
  { name: 'XML unterminated quotes', request: (n) => xml(fill('="', n, '<CreateService a')) },
  { name: 'XML comment openers', request: (n) => xml(fill('<!--', n, rootOpen, rootClose)) },
  {
    name: 'XML processing-instruction openers',
    request: (n) => xml(fill('<?', n, rootOpen, rootClose)),
  },
  { name: "XML stray '<' in text", request: (n) => xml(fill('<<', n, rootOpen, rootClose)) },
  {
    name: 'XML entities',
    request: (n) => xml(fill('&amp;&#x41;', n, `${rootOpen}<Route>`, `</Route>${rootClose}`)),
  },
  { name: 'XML xmlns runs', request: (n) => xml(fill(' xmlns="', n, '<CreateService', '>')) },
  // JSON.
  {
    name: 'JSON \'{"a":\' repeated',
    request: (n) => body(jsonRoute, 'application/json', fill('{"a":', n)),
  },
  {
    name: "JSON '[' repeated",
    request: (n) => body(jsonRoute, 'application/json', fill('[', n, '{"Types":')),
  },
  {
    name: 'JSON escaped quotes',
    request: (n) => body(jsonRoute, 'application/json', fill('\\"', n, '{"Route":"', '"}')),
  },
  {
    name: 'JSON backslashes, unterminated',
    request: (n) => body(jsonRoute, 'application/json', fill('\\', n, '{"Route":"')),
  },
  {
    name: 'JSON a decimal of digits ending in a letter',
    request: (n) =>
      body(commentRoute, 'application/json', fill('1', n, '{"Key":"k","Rating":"', 'x"}'), 'PUT'),
  },
  // JSV.
  { name: "JSV '{a:' repeated", request: (n) => body(jsvRoute, 'application/jsv', fill('{a:', n)) },
  {
    name: 'JSV quotes, unterminated',
    request: (n) => body(jsvRoute, 'application/jsv', fill('"', n, '{Route:')),
  },
  {
    name: 'JSV doubled quotes',
    request: (n) => body(jsvRoute, 'application/jsv', fill('""', n, '{Route:"', '}')),
  },
  {
    name: "JSV '[' repeated",
    request: (n) => body(jsvRoute, 'application/jsv', fill('[', n, '{Types:')),
  },
  { name: 'JSV commas', request: (n) => body(jsvRoute, 'application/jsv', fill(',', n, '{')) },
  { name: 'JSV spaces', request: (n) => body(jsvRoute, 'application/jsv', fill(' ', n, '{', 'a')) },
  // CSV.
  { name: 'CSV quotes', request: (n) => body(csvRoute, 'text/csv', fill('"', n, 'Route\n')) },
  { name: 'CSV commas', request: (n) => body(csvRoute, 'text/csv', fill(',', n, 'Route\n')) },
  {
    name: 'CSV blank lines',
    request: (n) => body(csvRoute, 'text/csv', fill('\r\n', n, 'Route\n')),
  },
  { name: 'CSV carrying JSON', request: (n) => body(csvRoute, 'text/csv', fill('{"a":', n)) },
  // Form bodies.
  {
    name: 'form many fields',
    request: (n) => body(serviceRoute, 'application/x-www-form-urlencoded', fill('&Route=a', n)),
  },
  {
    name: 'form JSV field',
    request: (n) =>
      body(serviceRoute, 'application/x-www-form-urlencoded', fill('%5B', n, 'Types=')),
  },
  {
    name: 'form a decimal of digits ending in a letter',
    request: (n) =>
      body(
        commentRoute,
        'application/x-www-form-urlencoded',
        fill('1', n, 'Key=k&Rating=', 'x'),
        'PUT',
      ),
  },
  // Query strings and their values as the binder reads them.
  {
    name: 'query a decimal of digits ending in a letter',
    request: (n) => get(`${commentRoute}?Key=k&Rating=${fill('1', n, '', 'x')}`, {}, 'PUT'),
  },
  {
    name: 'query an int of digits ending in a letter',
    request: (n) => get(`${abTestRoute}?Distribution=${fill('1', n, '', 'x')}`, {}, 'PUT'),
  },
  {
    name: 'query a date with a run of spaces',
    request: (n) =>
      get(`${abTestRoute}?StartDate=${fill('%20', n, '2020-01-01T00:00', 'x')}`, {}, 'PUT'),
  },
  {
    name: 'query a /Date()/ of digits',
    request: (n) => get(`${abTestRoute}?StartDate=${fill('1', n, '/Date(', 'x')}`, {}, 'PUT'),
  },
  {
    name: 'query a GUID of hex digits',
    request: (n) => get(`${abTestRoute}?UserSegmentId=${fill('a', n)}`, {}, 'PUT'),
  },
  {
    name: 'query ?jsconfig= of separators',
    request: (n) => get(`${jsonRoute}?jsconfig=${fill(',:', n)}`, {}, 'POST'),
  },
  {
    name: 'query ?callback= of dotted names',
    request: (n) => get(`${jsonRoute}?callback=${fill('a.', n, '', '!')}`, {}, 'POST'),
  },
  {
    name: 'query ?format= long',
    request: (n) => get(`${serviceRoute}?format=${fill('x.', n)}`, {}, 'POST'),
  },
  // Headers.
  {
    name: 'Accept of many types',
    request: (n) => get(serviceRoute, { Accept: fill('a/b,', n) }, 'POST'),
  },
  {
    name: 'Accept of separators',
    request: (n) => get(serviceRoute, { Accept: fill(';', n) }, 'POST'),
  },
  {
    name: 'Content-Type of parameters',
    request: (n) => body(serviceRoute, fill(';a=b', n, 'application/json'), '{}'),
  },
  {
    name: 'Prefer of separators',
    request: (n) => get(serviceRoute, { Prefer: fill(';=', n) }, 'POST'),
  },
  {
    name: 'Prefer of quotes',
    request: (n) => get(serviceRoute, { Prefer: fill('"', n, 'delay=') }, 'POST'),
  },
  // Paths.
  { name: 'path of slashes', request: (n) => get(fill('/', n, '/RestApi', 'x')) },
  { name: 'control path of slashes', request: (n) => get(fill('/', n, '/__mock/state', 'x')) },
  { name: 'path of extensions', request: (n) => get(fill('.json', n, '/RestApi/a')) },
  {
    name: 'control ?seed= of digits',
    request: (n) => get(`/__mock/reset?seed=${fill('1', n)}`, {}, 'POST'),
  },
  {
    name: 'control ?limit= of digits',
    request: (n) => get(`/__mock/journal?limit=${fill('1', n, '', 'x')}`),
  },
  {
    name: 'control a fault rule with a long pattern',
    request: (n) =>
      body(
        '/__mock/faults',
        'application/json',
        JSON.stringify({ path: fill('*a', n - 30), status: 503 }),
      ),
  },
  // Fault rules' patterns against long paths.
  {
    name: `fault rule '${starPattern}'`,
    setup: (mock) => addRules(mock, [starPattern]),
    request: longProductPath,
  },
  {
    name: 'fault rule of the longest star pattern',
    setup: (mock) => addRules(mock, [longStarPattern]),
    request: longProductPath,
  },
  {
    name: 'fault rule of the longest piece between stars',
    setup: (mock) => addRules(mock, [longPiecePattern]),
    request: longProductPath,
  },
  {
    name: '1,000 fault rules (the cap) of star patterns',
    setup: (mock) =>
      addRules(
        mock,
        Array.from({ length: 1000 }, (_, i) => `${starPattern}${i}*`),
      ),
    request: longProductPath,
  },
]
