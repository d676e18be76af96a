import type { Meta, StoryObj } from '@storybook/html-vite'
import {
  errorFields,
  fetchJson,
  fieldList,
  statusLine,
  storyRoot,
  textElement,
  type ErrorJson,
  type Field,
} from './story-view.ts'

/** A service definition in its JSON wire form. */
interface ServiceJson {
  Route?: string
  Name?: string
  Enabled?: boolean
}

interface ServiceArgs {
  /** A fixed route: routes are unique, so a second create in the same state is a 400. */
  route: string
  name: string
}

// This story changes the mock's state. Shown twice in a row, it only succeeds both times because
// the preview puts the seeded state back before each story.
async function showService(
  root: HTMLElement,
  args: ServiceArgs,
  signal: AbortSignal,
): Promise<void> {
  const answer = await fetchJson<ServiceJson & ErrorJson>('/RestApi/apiservice/createService', {
    method: 'POST',
    body: JSON.stringify({ Route: args.route, Name: args.name }),
    signal,
  })
  const state = await fetchJson<{ Services: ServiceJson[] }>('/__mock/state', { signal })
  root.dataset.status = String(answer.status)
  const title = textElement('h2', 'POST /RestApi/apiservice/createService')
  const count: Field = ['Services in the mock', 'service-count', state.body.Services.length]
  const fields: Field[] =
    answer.status === 200
      ? [
          ['Route', 'route', answer.body.Route],
          ['Name', 'name', answer.body.Name],
          ['Enabled', 'enabled', answer.body.Enabled],
        ]
      : errorFields(answer)
  root.replaceChildren(title, statusLine(answer), fieldList([...fields, count]))
}

const meta = {
  title: 'Service',
  args: { route: '/api/story', name: 'Story service' },
  render: (args, { abortSignal, id }) =>
    storyRoot('service', id, (root) => showService(root, args, abortSignal)),
} satisfies Meta<ServiceArgs>

export default meta
type Story = StoryObj<ServiceArgs>

/** Creates a service with a fixed route. */
export const Create: Story = { name: 'Create service' }
