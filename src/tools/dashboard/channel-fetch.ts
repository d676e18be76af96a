// Browser code: the page inlines this function's source text, so it may use only its arguments
// and browser globals at run time (types are erased), never a binding of this module.
import type { ChannelAnswer, ChannelMessage, ChannelRequest } from '../../control/index.ts'

/** Which mock answered the last call: an app's tab over the channel, or `local`. */
export type HostNote = (host: 'tab' | 'local') => void

/**
 * A `fetch` for the dashboard of the page's home: a tab of the app running the mock
 * (`startWorker`) answers over a BroadcastChannel of the origin, since a tab's mock lives in
 * that tab alone; the tab that answered first answers the next calls. When no tab answers in
 * time, `local` does (the dashboard page's own copy of the mock, or the network).
 */
export function createChannelFetch(
  name: string,
  local: (path: string, init: RequestInit) => Promise<Response>,
  onHost: HostNote,
): (path: string, init: RequestInit) => Promise<Response> {
  const channel = new BroadcastChannel(name)
  const waiting = new Map<string, (answer: ChannelAnswer) => void>()
  let tab: string | null = null
  channel.addEventListener('message', (event: MessageEvent<ChannelMessage | null>) => {
    const answer = event.data
    // A tab that goes (closed, reloaded) says so: the next call asks every tab at once.
    if (answer?.type === 'gone' && answer.from === tab) tab = null
    if (answer?.type !== 'answer') return
    const resolve = waiting.get(answer.id)
    if (resolve) {
      waiting.delete(answer.id)
      resolve(answer)
    }
  })

  function ask(path: string, init: RequestInit, to: string | null): Promise<ChannelAnswer | null> {
    const id = crypto.randomUUID()
    return new Promise((resolve) => {
      // Control routes answer at once (no latency): a tab that takes longer is gone or frozen.
      const timer = setTimeout(
        () => {
          waiting.delete(id)
          resolve(null)
        },
        to === null ? 500 : 2000,
      )
      waiting.set(id, (answer) => {
        clearTimeout(timer)
        resolve(answer)
      })
      const request: ChannelRequest = {
        type: 'request',
        id,
        to,
        method: init.method ?? 'GET',
        path,
        body: typeof init.body === 'string' ? init.body : null,
      }
      channel.postMessage(request)
    })
  }

  // Asked of every tab, a write would run in each: a read finds the one tab to send it to.
  async function retry(path: string, init: RequestInit): Promise<ChannelAnswer | null> {
    if ((init.method ?? 'GET') === 'GET') return ask(path, init, null)
    const found = await ask('/__mock/settings', { method: 'GET' }, null)
    return found === null ? null : ask(path, init, found.from)
  }

  return async (path, init) => {
    let answer = tab === null ? await retry(path, init) : await ask(path, init, tab)
    // The tab went away (closed, reloaded): any other one will do.
    if (answer === null && tab !== null) {
      tab = null
      answer = await retry(path, init)
    }
    if (answer === null) {
      onHost('local')
      return local(path, init)
    }
    tab = answer.from
    onHost('tab')
    return new Response(answer.text, { status: answer.status })
  }
}

/**
 * The header's links to control documents (HAR, state, OpenAPI), where the mock is a tab's: a
 * navigation would reach the dev server, not the mock, so a click fetches the document through
 * `fetcher` and saves it as a file.
 */
export function fetchLinksThrough(
  fetcher: (path: string, init: RequestInit) => Promise<Response>,
  say: (text: string, isError: boolean) => void,
): void {
  const links = document.querySelectorAll<HTMLAnchorElement>('header a[href^="/__mock/"]')
  for (const link of Array.from(links)) {
    link.addEventListener('click', (event) => {
      event.preventDefault()
      const path = link.getAttribute('href') as string
      void fetcher(path, { method: 'GET', headers: { Accept: 'application/json' } })
        .then(async (response) => {
          if (!response.ok) throw new Error('GET ' + path + ': ' + response.status)
          const blob = new Blob([await response.text()], { type: 'application/json' })
          const save = document.createElement('a')
          save.href = URL.createObjectURL(blob)
          save.download =
            link.getAttribute('download') ||
            'restapi-mock-' +
              (path.replace(/^.*\//, '') || 'document').replace(/\.json$/, '') +
              '.json'
          save.click()
          setTimeout(() => URL.revokeObjectURL(save.href), 60_000)
        })
        .catch((error: unknown) => say((error as Error).message, true))
    })
  }
}
