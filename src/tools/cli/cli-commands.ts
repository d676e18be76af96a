// `restapi-mock`'s commands besides serving, as `--help` and the options reference list them.

/** A command of `restapi-mock` besides serving: its usage line and what it does. */
export interface CliCommand {
  readonly usage: string
  readonly help: string
}

/** The commands besides serving, as `--help` and the options reference list them. */
export const cliCommands = {
  init: {
    usage: 'restapi-mock init [--home <home>] [--port <n>] [--app-port <n>] [--dry-run] [--yes]',
    help: "set restapi-mock up in this project, as the README's recipes show, for one home (worker: the page's; server: the CLI behind the dev server's proxy): every change as a diff, then one question",
  },
  verify: {
    usage:
      'restapi-mock verify <file.har> [--json] [--report <file.html>] [--ignore <Field>]... [--base-path <path>] [--xml-namespace <Dto>=<ns>]... [--seed <n>] [--auth <mode>] [--no-always-use-utc]',
    help: 'hold the mock against a recording of your CMS: each exchange an operation serves is sent to the mock in process and its answer compared with the recorded one (status, reason, content type, ServiceStack headers, body shape, error); exit 0 no difference, 1 a difference, 2 bad input',
  },
  import: {
    usage:
      'restapi-mock import <file.har> [--out <file.json>] [--scenario <name>] [--base-path <path>] [--xml-namespace <Dto>=<ns>]...',
    help: 'write the entities a recording of your CMS shows as a --data file (or, with --scenario, a --scenarios file), secrets left out as the recorder redacts them',
  },
  mcp: {
    usage:
      'restapi-mock mcp [--url <http://127.0.0.1:4000>] [--session <id>] [--allow-remote] [--seed <n>] [--port <n>] [--auth <mode>]',
    help: 'a Model Context Protocol server over stdio for coding agents: the control plane as tools (state, fixtures, scenarios, journal, faults, latency, login, verify) and the OpenAPI document, TypeScript types and operations as resources; without --url it serves a mock of its own, its address on stderr',
  },
} as const satisfies Record<string, CliCommand>
