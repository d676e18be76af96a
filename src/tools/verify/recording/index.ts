// Holding the mock against a recording of the real host (`restapi-mock verify`) and taking the
// entities a recording shows as data (`restapi-mock import`). A tool of its own (src/tools/verify/):
// only the command loads it, so a page never carries it.
export { checkRecording } from './check-recording.ts'
export { serviceStackHeaders, type AnswerView } from './compare-answers.ts'
export { absent, differenceParts, type Difference, type DifferencePart } from './difference.ts'
export { volatileFields } from './volatile-fields.ts'
export { importRecording, type ImportedRecording, type ImportOptions } from './import-recording.ts'
export { recordedView } from './recorded-view.ts'
export {
  verdicts,
  verifyRecording,
  type ExchangeVerdict,
  type Verdict,
  type Verification,
  type VerifyOptions,
} from './verify-recording.ts'
export { verifyReport } from './verify-report.ts'
