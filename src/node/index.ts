export { createApp, type AppOptions } from './app.ts'
export { createServer, type RunningServer, type ServerOptions } from './server.ts'
