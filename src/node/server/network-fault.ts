/**
 * A simulated network failure (`Prefer: fault=network`) on its way out of the Hono app: the
 * app rejects, as fetch does on a dropped connection, and the Node server destroys the socket.
 */
export class NetworkFault extends Error {
  constructor() {
    super('Failed to fetch: the mock dropped the connection (a simulated network fault)')
    this.name = 'NetworkFault'
  }
}
