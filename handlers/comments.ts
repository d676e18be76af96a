import { CommentResponse, CommentUpdateRequest, commentStatusOf } from '../src/model/index.ts'
import { defineOperation, ServiceError } from '../src/wire/index.ts'

/** `PUT /comments-api/comments`: update a comment, answer the stored comment. */
export const updateComment = defineOperation({
  method: 'PUT',
  route: '/comments-api/comments',
  request: CommentUpdateRequest,
  response: CommentResponse,
  summary: 'Update a comment; answers the stored comment',
  // SF Services/Comments/CommentWebService.cs l.33, 284: `CommentResponse Put(CommentUpdateRequest)`.
  service: 'CommentWebService',
  // l.286: the method starts with ServiceUtility.RequestBackendUserAuthentication() (--auth).
  backendUser: 'service',
  errors: { '404': 'ItemNotFoundException: no stored comment has the given key.' },
  example: {
    sample(store) {
      const comment = first(store.state.comments)
      return {
        request: { Key: comment?.Key ?? null, Message: 'A new message' },
        response: { ...comment, Message: 'A new message' },
      }
    },
  },
  resolve(ctx, input) {
    // The real service checks in this order: key, status, then existence.
    const key = input.Key?.trim() ?? ''
    if (key === '') return new ServiceError(400, 'ArgumentException', 'Invalid Key.')
    let status: string | undefined
    if (isNonBlank(input.Status)) {
      status = commentStatusOf(input.Status)
      if (!status) return new ServiceError(400, 'ArgumentException', 'Invalid Status.')
    }
    const { store } = ctx
    const id = key.toLowerCase()
    const stored = store.state.comments.get(id)
    if (!stored) return new ServiceError(404, 'ItemNotFoundException', `Comment not found: ${key}`)

    // Only non-blank fields are applied; the server-side fields stay the server's.
    const updated: CommentResponse = { ...stored }
    if (isNonBlank(input.Message)) updated.Message = input.Message
    if (status) updated.Status = status
    if (isNonBlank(input.Name)) updated.Name = input.Name
    if (isNonBlank(input.CustomData)) updated.CustomData = input.CustomData
    if (input.Rating !== undefined && input.Rating !== null) updated.Rating = input.Rating
    // The picture follows the author, not the e-mail: it stays (CommentsUtilities.cs l.734–750).
    if (isNonBlank(input.Email)) updated.Email = input.Email
    store.state.comments.set(id, updated)
    store.changed()
    return updated
  },
})

function isNonBlank(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== ''
}

function first<T>(entities: ReadonlyMap<string, T>): T | undefined {
  return entities.values().next().value
}
