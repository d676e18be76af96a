export { createApp, type AppEnv, type AppOptions } from './server/app.ts'
export { createServer, type RunningServer, type ServerOptions } from './server/server.ts'
