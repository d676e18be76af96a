// What the CLI lends the other commands (verify and import): reading a file within a size, its
// JSON, and their options. The command itself starts from start.ts, the bin.
export { parseJsonText } from './parse-json-text.ts'
export { readBoundedText } from './read-bounded-text.ts'
export { optionProblem } from './unknown-option.ts'
export { parseXmlNamespaces } from './xml-namespace-option.ts'
