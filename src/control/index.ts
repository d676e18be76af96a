export {
  createFaultRules,
  type FaultRule,
  type FaultRuleInput,
  type FaultRules,
} from './fault-rules.ts'
export { journalToHar } from './journal/har.ts'
export {
  faultAnswer,
  faultAsk,
  waitBefore,
  type FaultAsk,
  type ControlState,
  type RequestRules,
} from './interceptor.ts'
export { createJournal, type Journal, type JournalEntry } from './journal/journal.ts'
export { drawDelay, maxDelayMs, parseLatency, preferNames, sleep, type Latency } from './prefer.ts'
export { createNotices, type Notice, type Notices } from './notices.ts'
export { withoutMockParams, withoutMockPreferences, withoutSessionCookie } from './mock-controls.ts'
export { readRequestFault, type RequestFault } from './prefer.ts'
export {
  parseStateFile,
  stateCollections,
  stateFileJson,
  stateJson,
  type ParsedStateFile,
} from './state/state-document.ts'
export { stateFileParts } from './state/state-file-parts.ts'
export { statePieces, type StatePiecesOptions } from './state/state-pieces.ts'
export { pieceStream } from './piece-stream.ts'
export { replayStateLog, stateLogLine, type ReplayedLog } from './state/state-log.ts'
export { compileGlob } from './compile-glob.ts'
export { createDtoSchemas, type JsonSchema, type JsonType } from './dto-schemas.ts'
export type {
  CollectionName,
  JournalDocument,
  NoticesDocument,
  RecordingSummary,
  ResetDocument,
  ScenariosDocument,
  SessionSummary,
  SessionsDocument,
  SettingsDocument,
  SnapshotSummary,
  SnapshotsDocument,
  StatePageDocument,
} from './control-documents.ts'
export {
  controlChannelName,
  type ChannelAnswer,
  type ChannelGone,
  type ChannelMessage,
  type ChannelRequest,
} from './channel-messages.ts'
