export { runInit, initUsage, type InitIo } from './run-init.ts'
