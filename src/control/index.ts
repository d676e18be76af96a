export {
  createFaultRules,
  type FaultRule,
  type FaultRuleInput,
  type FaultRules,
} from './fault-rules.ts'
export { journalToHar } from './har.ts'
export {
  interceptRequest,
  recordRequest,
  type ControlState,
  type RequestRules,
} from './interceptor.ts'
export { createJournal, type Journal, type JournalEntry } from './journal.ts'
export { drawDelay, maxDelayMs, parseLatency, sleep, type Latency } from './latency.ts'
export { createNotices, type Notice, type Notices } from './notices.ts'
export { readRequestFault, type RequestFault } from './prefer.ts'
export { parseStateFile, stateCollections, stateFileJson, stateJson } from './state-document.ts'
export { stateFileParts } from './state-file-parts.ts'
