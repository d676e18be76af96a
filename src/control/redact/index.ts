// Redaction: what the recorder, the journal's views and `import` hide. A folder of its own,
// outside src/control/index.ts, because its XML redactor loads fast-xml-parser, slow to import:
// the modules that run on every request import the control folder, and none of them redacts.
export { redactBody } from './redact-body.ts'
export { redactHeader } from './redact-header.ts'
export { placeOfHeader, redactJournalEntry } from './redact-journal-entry.ts'
export { redactQuery, redactUrl } from './redact-query.ts'
export { hideValues, hideValuesInBody, minHiddenLength, valuesToHide } from './redact-values.ts'
export {
  builtInSecretNames,
  isSecretName,
  newRedaction,
  redactedText,
  secretNamesWith,
  type Redaction,
  type SecretNames,
} from './secret-names.ts'
