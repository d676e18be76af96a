// The proxy and its recorder as the CLI takes them (--proxy, --record).
export { defaultProxyTimeoutMs, defaultRecordMaxBytes, type ProxyOptions } from './proxy.ts'
export { createHarRecorder, type HarRecorder } from './har-recorder.ts'
