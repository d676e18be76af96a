// One set of helpers for every test: build an app, start a server, spawn the CLI, send the
// usual requests, find seeded keys, read answers and error bodies, wait, and build the request
// context that codec-level tests hand to readers and writers.
export * from './app.ts'
export * from './cli.ts'
export * from './fake-timeouts.ts'
export * from './loopback-server.ts'
export * from './plane.ts'
export * from './raw-request.ts'
export * from './requests.ts'
export * from './responses.ts'
export * from './seeded-keys.ts'
export * from './server.ts'
export * from './temp-dir.ts'
export * from './test-context.ts'
export * from './time-ratio.ts'
export * from './wait.ts'
export * from './wire-formats.ts'
