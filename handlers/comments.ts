import {
  CommentResponse,
  CommentUpdateRequest,
  commentStatuses,
  profilePictureUrls,
} from '../src/model/index.ts'
import type { Store } from '../src/store/index.ts'
import { errorResponse, readRequest, respond, type Operation } from '../src/wire/index.ts'

/** `PUT /comments-api/comments`: update a comment, answer the stored comment. */
export function updateCommentOperation(store: Store): Operation {
  return {
    method: 'PUT',
    route: '/comments-api/comments',
    requestDto: CommentUpdateRequest,
    responseDto: CommentResponse,
    async resolve(ctx) {
      const read = await readRequest(ctx, CommentUpdateRequest)
      if (!read.ok) return read.response
      const input = read.value as Partial<CommentUpdateRequest>

      // The real service checks in this order: key, status, then existence.
      const key = input.Key?.trim() ?? ''
      if (key === '') {
        return errorResponse(ctx, {
          status: 400,
          errorCode: 'ArgumentException',
          statusText: 'ArgumentException',
          message: 'Invalid Key.',
        })
      }
      let status: string | undefined
      if (isNonBlank(input.Status)) {
        const wanted = input.Status.trim().toLowerCase()
        status = commentStatuses.find((name) => name.toLowerCase() === wanted)
        if (!status) {
          return errorResponse(ctx, {
            status: 400,
            errorCode: 'ArgumentException',
            statusText: 'ArgumentException',
            message: 'Invalid Status.',
          })
        }
      }
      const id = key.toLowerCase()
      const stored = store.state.comments.get(id)
      if (!stored) {
        return errorResponse(ctx, {
          status: 404,
          errorCode: 'ItemNotFoundException',
          statusText: 'ItemNotFoundException',
          message: `Comment not found: ${key}`,
        })
      }

      // Only non-blank fields are applied; the server-side fields stay the server's.
      const updated: CommentResponse = { ...stored }
      if (isNonBlank(input.Message)) updated.Message = input.Message
      if (status) updated.Status = status
      if (isNonBlank(input.Name)) updated.Name = input.Name
      if (isNonBlank(input.CustomData)) updated.CustomData = input.CustomData
      if (input.Rating !== undefined && input.Rating !== null) updated.Rating = input.Rating
      if (isNonBlank(input.Email) && input.Email !== stored.Email) {
        updated.Email = input.Email
        Object.assign(updated, profilePictureUrls(input.Email))
      }
      store.state.comments.set(id, updated)
      store.changed()
      return respond(ctx, CommentResponse, updated)
    },
  }
}

function isNonBlank(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== ''
}
