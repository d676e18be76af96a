// The example app: the four operations called with fetch, in JSON and in CSV, answered by the
// service worker alone (no server behind it).
import { startWorker } from 'restapi-mock/browser'

interface Call {
  readonly name: string
  readonly method: string
  readonly path: string
  /** The body, from what the seed holds: a comment's key and a page's id. */
  readonly body: (seeded: { commentKey: string; pageId: string }) => string
}

const calls: Call[] = [
  {
    name: 'Update an A/B test',
    method: 'PUT',
    path: '/RestApi/ab-testing',
    body: () => JSON.stringify({ Title: 'Checkout button colour', Status: 'Active' }),
  },
  {
    name: 'Create a service definition',
    method: 'POST',
    path: '/RestApi/apiservice/createService',
    body: () => JSON.stringify({ Route: `/api/example-${Date.now()}`, Name: 'Example' }),
  },
  {
    name: 'Submit container info',
    method: 'POST',
    path: '/RestApi/cms/inlineediting/containersInfo',
    // A page the store holds: the real service answers 500 for any other.
    body: ({ pageId }) =>
      JSON.stringify({
        PageId: pageId,
        ContainersInfo: [
          {
            ItemId: '0b7d1e52-4c3a-4f6e-8d21-9a5c3e7f1b24',
            ItemType: 'Cms.News.Model.NewsItem',
            Fields: [{ Name: 'Title' }],
          },
        ],
      }),
  },
  {
    name: 'Update a comment',
    method: 'PUT',
    path: '/RestApi/comments-api/comments',
    body: ({ commentKey }) => JSON.stringify({ Key: commentKey, Message: 'Edited in the browser' }),
  },
]

const { store } = await startWorker({ seed: 1, serviceWorkerUrl: '/mockServiceWorker.js' })
const status = document.querySelector('#worker-status') as HTMLElement
status.textContent = 'The service worker answers /RestApi.'
status.dataset.ready = 'true'

const seeded = {
  commentKey: store.state.comments.values().next().value?.Key ?? '',
  pageId: store.state.pages.values().next().value?.Id ?? '',
}
const results = document.querySelector('#results') as HTMLElement
for (const call of calls) {
  for (const accept of ['application/json', 'text/csv']) {
    const response = await fetch(call.path, {
      method: call.method,
      headers: { Accept: accept, 'Content-Type': 'application/json' },
      body: call.body(seeded),
    })
    const section = document.createElement('section')
    section.dataset.testid = `${call.path.split('/').pop()}-${accept === 'text/csv' ? 'csv' : 'json'}`
    const title = document.createElement('h2')
    title.textContent = `${call.name} (${accept})`
    const line = document.createElement('p')
    line.className = 'status'
    line.textContent = `${response.status} ${response.headers.get('content-type') ?? ''}`
    const body = document.createElement('pre')
    body.textContent = await response.text()
    section.append(title, line, body)
    results.append(section)
  }
}
document.body.dataset.done = 'true'
