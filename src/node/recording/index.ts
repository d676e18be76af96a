export { runImport, importUsage } from './run-import.ts'
export { runVerify, verifyUsage, type RecordingIo } from './run-verify.ts'
