// `restapi-mock/handlers` as Node loads it. msw is a peer dependency the user installs; when it
// is missing, Node's own error names a file inside our dist, so this says what to do instead.
// Bundlers and browsers load handlers/index.ts directly and report a missing msw themselves.

// The operations need no msw: they are re-exported whole, so an operation added to
// handlers/operations.ts is in this entry with no edit here.
export * from '../../handlers/operations.ts'

const handlers = await import('../../handlers/index.ts').catch((error: unknown) => {
  const missing =
    error instanceof Error && /Cannot find (package|module) 'msw(\/[^']*)?'/.test(error.message)
  if (!missing) throw error
  throw new Error('restapi-mock/handlers needs msw 3, its peer dependency: npm i -D msw', {
    cause: error,
  })
})

// What only the msw entry has, beside the operations (test/runtimes/handlers-entry.test.ts
// holds the two entries' names equal).
export const {
  applyMockParameters,
  createHandlers,
  createMock,
  createStore,
  mockVersion,
  StateFullError,
  stateJson,
} = handlers
