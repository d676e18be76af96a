// The Node server as the tools take it (the CLI, mcp): the server and the checks of its options.
export { createServer, type RunningServer, type ServerOptions } from './server.ts'
export {
  allowedHostEntry,
  hostnameOf,
  isLoopbackHostname,
  parseAllowedHosts,
  type AllowedHosts,
} from './host-check.ts'
export { parseAllowedOrigins, type AllowedOrigins } from './origin-check.ts'
export { commaList } from './comma-list.ts'
