// The comment update the reference servers make, written once so that they differ only in what
// serves it: parse JSON, find by key, apply non-blank fields, answer ServiceStack JSON. Nothing
// else: no negotiation, no journal, no sessions.
import { createStore } from '../src/mock/create-store.ts'
import type { CommentResponse, CommentUpdateRequest } from '../src/model/index.ts'

// The model's types only: the work itself is written here by hand, not by the mock's codecs.
type Comment = CommentResponse

/** What a reference server writes back: a status and a JSON body. */
export interface ReferenceAnswer {
  readonly status: number
  readonly body: string
}

export const referenceJsonType = 'application/json; charset=utf-8'

/** The seeded comments a reference server updates, as the mock seeds them (seed 1). */
export function referenceComments(count: number): Map<string, Comment> {
  const comments = new Map<string, Comment>()
  for (const [key, comment] of createStore({ seed: 1, counts: { comments: count } }).state
    .comments) {
    comments.set(key, { ...comment })
  }
  return comments
}

function toJson(comment: Comment): string {
  return JSON.stringify(comment, (key, value: unknown) =>
    key === 'DateCreated' ? `/Date(${comment.DateCreated.getTime()})/` : value,
  ).replace(/"\/Date\((-?\d+)\)\/"/, '"\\/Date($1)\\/"')
}

/** Applies one JSON update to `comments` and says what to answer. */
export function updateComment(comments: Map<string, Comment>, body: string): ReferenceAnswer {
  let input: Partial<Record<keyof CommentUpdateRequest, string | number>>
  try {
    input = JSON.parse(body) as typeof input
  } catch {
    return {
      status: 400,
      body: '{"ResponseStatus":{"ErrorCode":"SerializationException","Message":"bad JSON","Errors":[]}}',
    }
  }
  const comment = comments.get(String(input.Key ?? '').toLowerCase())
  if (!comment) {
    return {
      status: 404,
      body: '{"ResponseStatus":{"ErrorCode":"ItemNotFoundException","Message":"Comment not found","Errors":[]}}',
    }
  }
  for (const field of [
    'Message',
    'Name',
    'Status',
    'CustomData',
  ] as const satisfies readonly (keyof CommentUpdateRequest & keyof Comment)[]) {
    const value = input[field]
    if (typeof value === 'string' && value.trim() !== '') comment[field] = value
  }
  if (typeof input.Rating === 'number') comment.Rating = input.Rating
  return { status: 200, body: toJson(comment) }
}
