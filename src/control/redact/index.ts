// Redaction: what the recorder, the journal's views and `import` hide. A folder of its own,
// outside src/control/index.ts, because its XML redactor loads fast-xml-parser, slow to import:
// the modules that run on every request import the control folder, and none of them redacts.
export { redactBody } from './redact-body.ts'
export { redactHeader } from './redact-header.ts'
export { redactJournalEntry } from './redact-journal-entry.ts'
export { redactQuery, redactUrl } from './redact-query.ts'
export { isSecretName, redactedText } from './secret-names.ts'
