// `restapi-mock/browser`: the mock inside a page, through msw's service worker.
export { startWorker, type RunningWorker, type WorkerOptions } from './start-worker.ts'
export { createHandlers, createMock } from '../../handlers/index.ts'
export { createStore, type Har, type HarEntry } from '../mock/index.ts'
