import type { Meta, StoryObj } from '@storybook/html-vite'
import { fetchJson, fieldList, storyRoot, textElement } from './story-view.ts'

/** A comment as `/__mock/state` holds it: any field may be null (the edge cases have them). */
interface CommentJson {
  Key?: string | null
  Name?: string | null
  Message?: string | null
  Status?: string | null
}

/** How much of a message the queue shows: the rest is counted, not shown. */
const previewLength = 120

function commentItem(comment: CommentJson): HTMLLIElement {
  const message = Array.from(comment.Message ?? '')
  const item = document.createElement('li')
  item.dataset.testid = 'comment'
  item.dataset.key = comment.Key ?? ''
  const preview = message.slice(0, previewLength).join('')
  item.append(
    textElement('strong', comment.Name ?? '(no name)'),
    textElement('span', comment.Status ?? '(no status)', 'badge'),
    textElement('code', comment.Key ?? ''),
    textElement('p', message.length > previewLength ? `${preview}…` : preview, 'message'),
    textElement('small', `${message.length} characters`, 'length'),
  )
  return item
}

// Reads what the mock holds, so the story shows the state its parameters asked for.
async function showQueue(root: HTMLElement, signal: AbortSignal): Promise<void> {
  const state = await fetchJson<{ Comments: CommentJson[] }>('/__mock/state', { signal })
  const comments = state.body.Comments
  const spam = comments.filter((comment) => comment.Status === 'Spam').length
  const list = document.createElement('ol')
  list.append(...comments.map(commentItem))
  root.replaceChildren(
    textElement('h2', 'Moderation queue'),
    fieldList([
      ['Comments', 'comment-count', comments.length],
      ['Flagged as spam', 'spam-count', spam],
    ]),
    comments.length === 0 ? textElement('p', 'Nothing to moderate.', 'empty') : list,
  )
}

const meta = {
  title: 'Moderation',
  render: (_args, { abortSignal, id }) =>
    storyRoot('moderation', id, (root) => showQueue(root, abortSignal)),
} satisfies Meta

export default meta
type Story = StoryObj

/** No parameters: the mock's seeded comments. */
export const Seeded: Story = {}

/** One comment flagged as spam, with a 2,000-character message, and nothing else. */
export const FlaggedSpam: Story = {
  name: 'Flagged as spam',
  parameters: {
    restapiMock: {
      scenario: 'empty',
      fixtures: { Comments: [{ Key: 'spam-1', Status: 'Spam', Message: 'x'.repeat(2000) }] },
    },
  },
}

/** No comments at all. */
export const Empty: Story = {
  name: 'Empty queue',
  parameters: { restapiMock: { scenario: 'empty' } },
}

/** The built-in scenario of data that breaks user interfaces, and one comment of the story's own. */
export const EdgeCases: Story = {
  name: 'Edge cases',
  parameters: {
    restapiMock: {
      scenario: 'edge-cases',
      fixtures: { Comments: [{ Key: 'reported-1', Status: 'WaitingForApproval' }] },
    },
  },
}
