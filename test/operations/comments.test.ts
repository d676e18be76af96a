import { describe, expect, it } from 'vitest'
import type { CommentResponse, Store } from '../../src/index.ts'
import { buildApp, readJson, readState, responseStatusOf, sendJson } from '../support/index.ts'

const path = '/RestApi/comments-api/comments'
// The ResponseStatus of each refusal, as parsed fields (the bytes are the golden files').
const invalidKey = { ErrorCode: 'ArgumentException', Message: 'Invalid Key.', Errors: [] }
const invalidStatus = { ErrorCode: 'ArgumentException', Message: 'Invalid Status.', Errors: [] }

/** A seeded comment that matches a predicate, so tests do not depend on the seed's order. */
function seededComment(
  store: Store,
  where: (c: CommentResponse) => boolean = () => true,
): CommentResponse {
  const found = Array.from(store.state.comments.values()).find(where)
  if (!found) throw new Error('Failed to find a seeded comment for this test')
  return found
}

function keyOf(comment: CommentResponse): string {
  if (!comment.Key) throw new Error('Failed to read a seeded comment: it has no Key')
  return comment.Key
}

describe('PUT /RestApi/comments-api/comments: validation', () => {
  it.each([
    ['missing', {}],
    ['empty', { Key: '' }],
    ['whitespace only', { Key: '   ' }],
    ['null', { Key: null }],
    ['missing, with other fields set', { Message: 'hello', Status: 'Published' }],
  ])('answers 400 ArgumentException "Invalid Key." when the Key is %s', async (_, body) => {
    const { app } = buildApp()
    const response = await sendJson(app, 'PUT', path, body)
    expect(response.status).toBe(400)
    expect(response.statusText).toBe('ArgumentException')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await responseStatusOf(response)).toEqual(invalidKey)
  })

  // SF `Modules/Comments/CommentsUtilities.cs` l.49–55: `IsValidStatus` compares with `!=`, so
  // only the four names exactly as spelt pass; `Services/Comments/CommentWebService.cs`
  // l.536–543 throws `ArgumentException("Invalid Status.")` for any other non-blank text.
  it.each([
    'Deleted',
    'Approved',
    'Publish',
    'Published!',
    'Spamm',
    '0',
    'published',
    'PUBLISHED',
    ' Published',
    'Published ',
    'waitingforapproval',
    'SpAm',
    'hidden',
  ])('answers 400 ArgumentException "Invalid Status." for the Status %j', async (status) => {
    const { app, store } = buildApp()
    const comment = seededComment(store)
    const response = await sendJson(app, 'PUT', path, { Key: comment.Key, Status: status })
    expect(response.status).toBe(400)
    expect(response.statusText).toBe('ArgumentException')
    expect(await responseStatusOf(response)).toEqual(invalidStatus)
    // A refused update changes nothing.
    expect(store.state.comments.get(keyOf(comment).toLowerCase())).toEqual(comment)
  })

  it('answers 404 ItemNotFoundException naming the unknown Key', async () => {
    const { app } = buildApp()
    const response = await sendJson(app, 'PUT', path, { Key: 'no-such-comment', Message: 'x' })
    expect(response.status).toBe(404)
    expect(response.statusText).toBe('ItemNotFoundException')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await responseStatusOf(response)).toEqual({
      ErrorCode: 'ItemNotFoundException',
      Message: 'Comment not found: no-such-comment',
      Errors: [],
    })
  })

  it('checks a blank Key before a bad Status', async () => {
    const { app } = buildApp()
    const response = await sendJson(app, 'PUT', path, { Key: ' ', Status: 'Bogus' })
    expect(response.status).toBe(400)
    expect(await responseStatusOf(response)).toEqual(invalidKey)
  })

  it('checks a bad Status before whether the Key exists', async () => {
    const { app } = buildApp()
    const response = await sendJson(app, 'PUT', path, { Key: 'no-such-comment', Status: 'Bogus' })
    expect(response.status).toBe(400)
    expect(await responseStatusOf(response)).toEqual(invalidStatus)
  })
})

describe('PUT /RestApi/comments-api/comments: updates', () => {
  // `CommentWebService.cs` l.294–295: a status that passes is stored as sent.
  it.each(['Published', 'WaitingForApproval', 'Spam', 'Hidden'])(
    'accepts the Status %j, spelt exactly, and stores it as sent',
    async (status) => {
      const { app, store } = buildApp()
      const comment = seededComment(store)
      const response = await sendJson(app, 'PUT', path, { Key: comment.Key, Status: status })
      expect(response.status).toBe(200)
      expect((await readJson(response)).Status).toBe(status)
      expect(store.state.comments.get(keyOf(comment).toLowerCase())?.Status).toBe(status)
    },
  )

  it('answers the whole stored comment in declaration order with the server-side fields', async () => {
    const { app, store } = buildApp()
    const comment = seededComment(store, (c) => c.Rating !== null && c.CustomData !== null)
    const response = await sendJson(app, 'PUT', path, { Key: comment.Key, Message: 'Edited.' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const text = await response.text()
    const body = JSON.parse(text) as Record<string, unknown>
    expect(Object.keys(body)).toEqual([
      'Key',
      'Name',
      'Message',
      'DateCreated',
      'ProfilePictureUrl',
      'ProfilePictureThumbnailUrl',
      'Status',
      'Email',
      'ThreadKey',
      'AuthorIpAddress',
      'CustomData',
      'Rating',
    ])
    expect(text).toContain(`"DateCreated":"\\/Date(${comment.DateCreated.getTime()})\\/"`)
    expect(body).toMatchObject({
      Key: comment.Key,
      Name: comment.Name,
      Message: 'Edited.',
      ThreadKey: comment.ThreadKey,
      AuthorIpAddress: comment.AuthorIpAddress,
      CustomData: comment.CustomData,
      Rating: comment.Rating,
      Status: comment.Status,
      Email: comment.Email,
    })
  })

  it('applies only the non-blank fields: blank Message, Name and CustomData keep the stored ones', async () => {
    const { app, store } = buildApp()
    const comment = seededComment(store, (c) => c.CustomData !== null && c.Rating !== null)
    const response = await sendJson(app, 'PUT', path, {
      Key: comment.Key,
      Message: '',
      Name: '   ',
      CustomData: null,
      Email: '',
      Status: '',
    })
    expect(response.status).toBe(200)
    const body = await readJson(response)
    expect(body.Message).toBe(comment.Message)
    expect(body.Name).toBe(comment.Name)
    expect(body.CustomData).toBe(comment.CustomData)
    expect(body.Email).toBe(comment.Email)
    expect(body.Status).toBe(comment.Status)
    expect(body.Rating).toBe(comment.Rating)
    expect(store.state.comments.get(keyOf(comment).toLowerCase())).toEqual(comment)
  })

  it('applies every non-blank field it is given', async () => {
    const { app, store } = buildApp()
    const comment = seededComment(store)
    const response = await sendJson(app, 'PUT', path, {
      Key: comment.Key,
      Message: 'New message',
      Name: 'New Name',
      CustomData: '{"edited":true}',
      Status: 'Hidden',
    })
    const body = await readJson(response)
    expect(body).toMatchObject({
      Message: 'New message',
      Name: 'New Name',
      CustomData: '{"edited":true}',
      Status: 'Hidden',
    })
  })

  it.each([
    [4.5, 4.5],
    [1, 1],
    ['3', 3],
  ])('applies the Rating %j', async (sent, stored) => {
    const { app, store } = buildApp()
    const comment = seededComment(store, (c) => c.Rating === null)
    const response = await sendJson(app, 'PUT', path, { Key: comment.Key, Rating: sent })
    expect(response.status).toBe(200)
    expect((await readJson(response)).Rating).toBe(stored)
    expect(store.state.comments.get(keyOf(comment).toLowerCase())?.Rating).toBe(stored)
  })

  it('keeps the stored Rating when none is sent', async () => {
    const { app, store } = buildApp()
    const comment = seededComment(store, (c) => c.Rating !== null)
    const body = await readJson(
      await sendJson(app, 'PUT', path, { Key: comment.Key, Message: 'x' }),
    )
    expect(body.Rating).toBe(comment.Rating)
  })

  // SF `Modules/Comments/CommentsUtilities.cs` l.734–750: the pictures come from the author's
  // user id (`GetAvatarImageUrl`), never from the e-mail, so a new e-mail leaves them as stored.
  it('keeps both picture URLs when the Email changes, and keeps the server-side fields', async () => {
    const { app, store } = buildApp()
    const comment = seededComment(store)
    const before = (await readState(app)).Comments?.find((c) => c.Key === comment.Key)
    const email = 'Someone.Else@Example.com'
    const response = await sendJson(app, 'PUT', path, { Key: comment.Key, Email: email })
    expect(response.status).toBe(200)
    const body = await readJson(response)
    expect(body.Email).toBe(email)
    expect(body.ProfilePictureUrl).toBe(comment.ProfilePictureUrl)
    expect(body.ProfilePictureThumbnailUrl).toBe(comment.ProfilePictureThumbnailUrl)
    expect(String(body.ProfilePictureUrl)).not.toContain('gravatar')
    expect(body.DateCreated).toBe(before?.DateCreated)
    expect(body.ThreadKey).toBe(before?.ThreadKey)
    expect(body.AuthorIpAddress).toBe(before?.AuthorIpAddress)
  })

  it('keeps the picture URLs when the Email is unchanged', async () => {
    const { app, store } = buildApp()
    const comment = seededComment(store)
    const body = await readJson(
      await sendJson(app, 'PUT', path, { Key: comment.Key, Email: comment.Email }),
    )
    expect(body.ProfilePictureUrl).toBe(comment.ProfilePictureUrl)
    expect(body.ProfilePictureThumbnailUrl).toBe(comment.ProfilePictureThumbnailUrl)
  })

  it('persists the change: the store, /__mock/state and the next update all see it', async () => {
    const { app, store } = buildApp()
    const comment = seededComment(store)
    const key = keyOf(comment)
    await sendJson(app, 'PUT', path, { Key: key, Message: 'Persisted', Status: 'Spam' })

    expect(store.state.comments.get(key.toLowerCase())).toMatchObject({
      Message: 'Persisted',
      Status: 'Spam',
    })
    const inState = (await readState(app)).Comments?.find((c) => c.Key === key)
    expect(inState).toMatchObject({ Message: 'Persisted', Status: 'Spam' })

    const next = await readJson(await sendJson(app, 'PUT', path, { Key: key, Name: 'Later' }))
    expect(next).toMatchObject({ Message: 'Persisted', Status: 'Spam', Name: 'Later' })
  })

  it('matches the Key case-insensitively and updates the same comment', async () => {
    const { app, store } = buildApp()
    const comment = seededComment(store)
    const key = keyOf(comment)
    const count = store.state.comments.size
    const response = await sendJson(app, 'PUT', path, { Key: key.toUpperCase(), Message: 'Upper' })
    expect(response.status).toBe(200)
    const body = await readJson(response)
    expect(body.Key).toBe(key)
    expect(body.Message).toBe('Upper')
    expect(store.state.comments.size).toBe(count)
    expect(store.state.comments.get(key.toLowerCase())?.Message).toBe('Upper')
  })

  it('does not touch other comments', async () => {
    const { app, store } = buildApp()
    const [first, second] = Array.from(store.state.comments.values())
    if (!first || !second) throw new Error('Failed to find two seeded comments')
    await sendJson(app, 'PUT', path, { Key: first.Key, Message: 'Only me' })
    expect(store.state.comments.get(keyOf(second).toLowerCase())).toEqual(second)
  })
})
