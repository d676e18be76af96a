/**
 * The names a page's `startWorker` and the Playwright fixture (`restapi-mock/playwright`) meet
 * under, on the page's global object: the fixture waits for `ready` before it drives the page's
 * mock, and `startWorker` takes the calls a test made before the page loaded from the binding
 * named `pending`. A module of its own, with nothing else, as Node's fixture reads it too.
 */
export const pageHooks = { ready: '__restapiMockReady', pending: '__restapiMockPending' } as const
