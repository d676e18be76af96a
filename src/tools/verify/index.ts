export { runImport, importUsage } from './run-import.ts'
export { runVerify, verifyUsage } from './run-verify.ts'
export type { RecordingIo } from './recording-args.ts'
export type { ExchangeVerdict } from './recording/index.ts'
