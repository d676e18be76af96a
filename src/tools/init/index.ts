export { runInit, type InitIo } from './run-init.ts'
export { initUsage } from './init-usage.ts'
