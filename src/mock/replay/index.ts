// The replay of a recording: what `--replay` and `createHandlers(mock, { replay })` load. A
// folder of its own, outside src/mock/index.ts, so that a start without a recording loads none
// of it (docs/performance.md, "Cold start").
export {
  checkHar,
  decodeBase64,
  harBody,
  parseHar,
  type Har,
  type HarEntry,
  type HarHeader,
} from './har.ts'
export { createReplay, type Replay } from './replay.ts'
