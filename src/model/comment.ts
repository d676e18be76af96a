import {
  dateField,
  decimalField,
  defineDto,
  nullable,
  stringField,
  type DtoValue,
} from './field.ts'

// Field tables of the spec, sections 2.11 and 2.12. Strings are CLR reference types: absent is null.

/** The comment statuses the real server accepts (decisions.md section 5). */
export const commentStatuses = ['Published', 'WaitingForApproval', 'Spam', 'Hidden'] as const
export type CommentStatus = (typeof commentStatuses)[number]

/**
 * A status as the real service reads it: exactly one of the four names, in their case and with
 * no blanks around (SF `Modules/Comments/CommentsUtilities.cs` l.49–55, `IsValidStatus` compares
 * with `!=`); undefined for anything else, which it answers `400 Invalid Status.` and which
 * fixtures are refused for. The name it finds is the text sent, stored as sent.
 */
export function commentStatusOf(text: string): CommentStatus | undefined {
  return commentStatuses.find((name) => name === text)
}

const namespace = 'Cms.Services.Comments.DTO'

export const CommentUpdateRequest = defineDto('CommentUpdateRequest', namespace, {
  Key: nullable(stringField()),
  Message: nullable(stringField()),
  Status: nullable(stringField()),
  Name: nullable(stringField()),
  Email: nullable(stringField()),
  CustomData: nullable(stringField()),
  Rating: nullable(decimalField()),
})
export type CommentUpdateRequest = DtoValue<typeof CommentUpdateRequest>

export const CommentResponse = defineDto('CommentResponse', namespace, {
  Key: nullable(stringField()),
  Name: nullable(stringField()),
  Message: nullable(stringField()),
  DateCreated: dateField(),
  ProfilePictureUrl: nullable(stringField()),
  ProfilePictureThumbnailUrl: nullable(stringField()),
  Status: nullable(stringField()),
  Email: nullable(stringField()),
  ThreadKey: nullable(stringField()),
  AuthorIpAddress: nullable(stringField()),
  CustomData: nullable(stringField()),
  Rating: nullable(decimalField()),
})
export type CommentResponse = DtoValue<typeof CommentResponse>
