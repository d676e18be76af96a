import type { Meta, StoryObj } from '@storybook/html-vite'
import type { MockParameters } from 'restapi-mock/handlers'
import { fetchJson, fieldList, storyRoot, textElement } from './story-view.ts'

/** A comment in its JSON wire form, as `/__mock/state` lists it. */
interface CommentJson {
  Key: string
  Status?: string
  Message?: string
}

// A moderation queue: what the mock holds for this story, as the story's parameters say.
async function showQueue(root: HTMLElement, signal: AbortSignal): Promise<void> {
  const state = await fetchJson<{ Comments: CommentJson[] }>('/__mock/state', { signal })
  const comments = state.body.Comments
  const items = comments.map((comment) => {
    const item = document.createElement('li')
    item.dataset.testid = 'queued'
    item.dataset.key = comment.Key
    item.append(
      textElement('strong', comment.Key),
      ` ${comment.Status ?? 'no status'}, ${comment.Message?.length ?? 0} characters: `,
      textElement('span', comment.Message?.slice(0, 80) ?? '', 'muted'),
    )
    return item
  })
  const list = document.createElement('ul')
  list.append(...items)
  root.dataset.status = String(state.status)
  root.replaceChildren(
    textElement('h2', 'Moderation queue'),
    fieldList([['Comments', 'comment-count', comments.length]]),
    comments.length ? list : textElement('p', 'Nothing to moderate', 'empty'),
  )
}

const meta = {
  title: 'Moderation',
  render: (_args, { abortSignal, id }) =>
    storyRoot('moderation', id, (root) => showQueue(root, abortSignal)),
} satisfies Meta

export default meta
type Story = StoryObj

/** One comment flagged as spam, with a 2,000-character message, and nothing else. */
export const FlaggedSpam: Story = {
  name: 'Flagged as spam',
  parameters: {
    restapiMock: {
      scenario: 'empty',
      fixtures: { Comments: [{ Key: 'spam-1', Status: 'Spam', Message: 'x'.repeat(2000) }] },
    } satisfies MockParameters,
  },
}

/** No comments at all. */
export const Empty: Story = {
  name: 'Empty queue',
  parameters: { restapiMock: { scenario: 'empty' } satisfies MockParameters },
}

/** The data that breaks UIs: long, right-to-left, emoji and HTML-looking text. */
export const EdgeCases: Story = {
  name: 'Edge cases',
  parameters: { restapiMock: { scenario: 'edge-cases' } satisfies MockParameters },
}
