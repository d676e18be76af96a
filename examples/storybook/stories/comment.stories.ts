import type { Meta, StoryObj } from '@storybook/html-vite'
import { http, HttpResponse } from 'msw'
import {
  errorFields,
  fetchJson,
  fieldList,
  formatWcfDate,
  statusLine,
  storyRoot,
  textElement,
  type ErrorJson,
  type Field,
} from './story-view.ts'

/** A comment in its JSON wire form, as `/__mock/state` and the PUT answer it. */
interface CommentJson {
  Key?: string
  Name?: string
  Message?: string
  Status?: string
  DateCreated?: string
}

interface CommentArgs {
  /** The message the story writes into the first seeded comment. */
  message: string
  /** A `Prefer` header for the PUT, e.g. `code=503`: the mock's own per-request fault. */
  prefer?: string
}

async function showComment(
  root: HTMLElement,
  args: CommentArgs,
  signal: AbortSignal,
): Promise<void> {
  const state = await fetchJson<{ Comments: CommentJson[] }>('/__mock/state', { signal })
  const seeded = state.body.Comments[0]
  if (!seeded?.Key) throw new Error('the mock has no seeded comment')
  const answer = await fetchJson<CommentJson & ErrorJson>('/RestApi/comments-api/comments', {
    method: 'PUT',
    headers: args.prefer ? { Prefer: args.prefer } : {},
    body: JSON.stringify({ Key: seeded.Key, Message: args.message }),
    signal,
  })
  root.dataset.status = String(answer.status)
  const title = textElement('h2', 'PUT /RestApi/comments-api/comments')
  const key: Field = ['Key', 'key', seeded.Key]
  if (answer.status !== 200) {
    root.replaceChildren(title, statusLine(answer), fieldList([key, ...errorFields(answer)]))
    return
  }
  const comment = answer.body
  root.replaceChildren(
    title,
    statusLine(answer),
    fieldList([
      key,
      ['Name', 'name', comment.Name],
      ['Seeded message', 'seeded-message', seeded.Message],
      ['Message', 'message', comment.Message],
      ['Status', 'comment-status', comment.Status],
      ['Created', 'created', formatWcfDate(comment.DateCreated)],
    ]),
  )
}

const meta = {
  title: 'Comment',
  args: { message: 'Edited in Storybook' },
  // Try `code=500`, `delay=1500` or `fault=network` in the Controls panel.
  argTypes: { prefer: { control: 'text' } },
  render: (args, { abortSignal, id }) =>
    storyRoot('comment', id, (root) => showComment(root, args, abortSignal)),
} satisfies Meta<CommentArgs>

export default meta
type Story = StoryObj<CommentArgs>

/** The first seeded comment, updated through the mock. */
export const Seeded: Story = { name: 'Comment' }

/** A handler of this story's own, in front of the mock's: the PUT answers a ServiceStack 503. */
export const Unavailable: Story = {
  name: 'Comment error',
  parameters: {
    msw: {
      handlers: [
        http.put('*/RestApi/comments-api/comments', () =>
          HttpResponse.json(
            {
              ResponseStatus: {
                ErrorCode: 'ServiceUnavailable',
                Message: 'Comments are read-only during maintenance',
                Errors: [],
              },
            },
            { status: 503, statusText: 'ServiceUnavailable' },
          ),
        ),
      ],
    },
  },
}

/** The mock's own fault, asked for by the request: `Prefer: code=503`. */
export const Fault: Story = { name: 'Comment fault', args: { prefer: 'code=503' } }

/** The CMS's login wall in Forms mode, nobody logged in: the "session expired" answer. */
export const SessionExpired: Story = {
  name: 'Comment, session expired',
  parameters: { restapiMock: { auth: 'forms' } },
}

/** The same wall, logged in as a back-end user: the update goes through. */
export const LoggedIn: Story = {
  name: 'Comment, logged in',
  parameters: { restapiMock: { auth: 'forms', login: true } },
}
