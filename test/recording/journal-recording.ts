import type { Har } from '../../src/mock/index.ts'
import { createApp, createMock, createStore, type Mock } from '../../src/index.ts'
import { exampleRoute, formatRegistry } from '../../src/wire/index.ts'

/**
 * The mock's own journal as HAR (`GET /__mock/journal.har`) after a front end's requests to
 * every operation of its list: its example in every format the registry answers, the same
 * again (a create refused the second time), an empty body and a broken one (their errors).
 */
export async function journalRecording(): Promise<{ har: Har; mock: Mock }> {
  // Made once per test file; each test edits its own copy.
  made ??= makeJournal()
  const { har, mock } = await made
  return { har: structuredClone(har), mock }
}

let made: Promise<{ har: Har; mock: Mock }> | undefined

async function makeJournal(): Promise<{ har: Har; mock: Mock }> {
  const mock = createMock({ store: createStore({ seed: 1 }) })
  const app = createApp({ mock })
  for (const operation of mock.operations) {
    const { request } = operation.example.sample(mock.store)
    // Path variables bound to a request field (`{Key}`) take the sample's value.
    const path = `/RestApi${exampleRoute(operation, request)}`
    const send = (accept: string, body: string): Promise<Response> =>
      Promise.resolve(
        app.request(path, {
          method: operation.method,
          headers: { 'Content-Type': 'application/json', Accept: accept },
          body,
        }),
      )
    for (const { mime } of formatRegistry) await send(mime, JSON.stringify(request))
    await send('application/json', JSON.stringify(request))
    await send('application/json', '{}')
    await send('application/xml', '{"broken')
  }
  // A path no operation serves: counted, never a difference.
  await app.request('/RestApi/no/such/service', { headers: { Accept: 'application/json' } })
  const response = await app.request('/__mock/journal.har')
  return { har: (await response.json()) as Har, mock }
}
