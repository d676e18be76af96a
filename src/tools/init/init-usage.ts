// `restapi-mock init --help`.
export const initUsage = `Usage: restapi-mock init [--home worker|server] [--port <n>] [--app-port <n>] [--dry-run] [--yes]

Sets restapi-mock up in the project in this folder, as the README's recipes show, for what it
finds of Vite, Storybook, Vitest and Playwright: which home answers the app in development and
the ports (package.json's "config", the one place every part reads), msw's worker script, the
development-only start in the app's entry, the Vite plugin (the server home's proxy), a "mock"
npm script, the Storybook preview, Vitest's setup file, and Playwright's webServer, baseURL and
a first test with the shipped fixture. It shows every change as a diff, then asks once.

  --home <h>      who answers the app's /RestApi in development: worker (the page's service
                  worker) or server (the CLI, npm run mock, behind the dev server's proxy);
                  asked at a terminal, else the one package.json names, else worker
  --port <n>      the CLI's port (default 4000)
  --app-port <n>  the app's dev server port (default 5173)
  --dry-run       show the changes, write nothing
  -y, --yes       write them without asking
  -h, --help      print this text
`
