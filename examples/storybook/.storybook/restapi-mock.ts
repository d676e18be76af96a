import type { Preview } from '@storybook/html-vite'
import { setupWorker } from 'msw/browser'
import { mswLoader } from 'msw-storybook-addon/csf3'
import {
  applyMockParameters,
  createHandlers,
  createMock,
  createStore,
  type MockParameters,
} from 'restapi-mock/handlers'

// A story's `parameters.restapiMock` is typed: a wrong scenario type or an unknown fixture field
// fails to compile, in every story and in the `beforeEach` below.
declare module '@storybook/html-vite' {
  interface Parameters {
    restapiMock?: MockParameters
  }
}

// The mock's handlers are the worker's initial handlers, so they survive the resetHandlers()
// the addon's loader runs before each story, and a story's `parameters.msw` handlers only go in
// front of them. We start the worker ourselves: the addon's default setup passes msw 2's
// `onUnhandledRequest`, which msw 3 does not read (its option is `onUnhandledFrame`).
const mock = createMock({ store: createStore({ seed: 1 }) })
const worker = setupWorker(...createHandlers(mock))

/** The mock's part of the preview: spread it into yours (`...restapiMock`). */
export const restapiMock = {
  loaders: [mswLoader(() => worker.start({ onUnhandledFrame: 'bypass' }).then(() => worker))],
  // Every story starts from the seeded state (no fault rules, no latency), whatever came before,
  // then goes into its own scenario and fixtures, if it names any.
  beforeEach: ({ parameters }) => applyMockParameters(mock, parameters.restapiMock),
} satisfies Preview
