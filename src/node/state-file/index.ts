// The state file as the tools take it: the CLI's --state-file, import's atomic write.
export { attachStateFile, type StateFile } from './state-file.ts'
export { writeAtomically } from './write-atomically.ts'
