import { createStore } from '../../src/mock/index.ts'
import {
  defaultWriteOptions,
  fetchHost,
  RequestBody,
  resolveConfig,
  WarningList,
  type MockConfigOptions,
  type RequestContext,
  type WriteOptions,
} from '../../src/wire/index.ts'
import type { XmlReadOptions } from '../../src/wire/formats/xml/xml-read.ts'

/** The server clock of every fixture: defaults of non-nullable dates come from it. */
export const fixedNow = new Date(Date.UTC(2020, 0, 1)) // 1577836800000, servicestack-wire.md 6.2

export type TestContext = RequestContext & XmlReadOptions

/**
 * A request context for codec-level tests, as the dispatch builds one for
 * `PUT /RestApi/comments-api/comments`; `overrides` replace its fields. It also carries what
 * `readXml` takes (`limits`, `xmlNamespaces`, `warn`), so one object serves both.
 */
export function testContext(
  overrides: Partial<RequestContext> = {},
  config: MockConfigOptions = {},
): TestContext {
  const request =
    overrides.request ??
    new Request('http://localhost/RestApi/comments-api/comments', { method: 'PUT' })
  const resolved = resolveConfig({ defaultFormat: 'json', clock: () => fixedNow, ...config })
  const warnings = overrides.warnings ?? new WarningList()
  return {
    request,
    host: fetchHost(request),
    session: null,
    store: createStore({
      seed: 1,
      counts: { comments: 1, abTests: 1, services: 1, containers: 1 },
    }),
    config: resolved,
    path: '/RestApi/comments-api/comments',
    query: new URLSearchParams(),
    contentType: null,
    body: new RequestBody(request, resolved.limits.bodyBytes, null),
    negotiated: { format: 'json', contentType: 'application/json; charset=utf-8', callback: null },
    writeOptions: defaultWriteOptions,
    operationName: 'CommentUpdateRequest',
    bodyFormat: null,
    params: {},
    now: fixedNow,
    login: null,
    header: (name) => request.headers.get(name),
    ...overrides,
    warnings,
    limits: resolved.limits,
    xmlNamespaces: resolved.xmlNamespaces,
    warn: (message) => warnings.add(message),
  }
}

/** A context for writers, under `?jsconfig=` options. */
export function writeContext(options: WriteOptions = defaultWriteOptions): TestContext {
  return testContext({ writeOptions: options })
}

/** A context for readers; its `warnings.list` holds what they noticed. */
export function readContext(): TestContext {
  return testContext()
}
