// The routes the real CMS serves under its base path that the mock does not implement, so that a
// front end's call to one is told so rather than given a bare 404. Read from the decompiled CMS
// (Sitefinity 13.3.7600, tno2007/Telerik.Sitefinity.Decompiled) and the CMS's own widgets
// (Sitefinity/feather-widgets), which call them; docs/servicestack-wire.md section 10.4 has the
// table with its sources.

/** One route of the real host: its verb, path below the base path, and who answers it there. */
export interface HostRoute {
  readonly method: string
  /** As the host registers it: `{name}` is a path variable. */
  readonly route: string
  /** The service class and method that answer it on the real host, and its request DTO. */
  readonly service: string
}

const comments = 'CommentWebService'
const session = 'UserSessionService'

/**
 * The comments web service (SF `Services/Comments/CommentServiceStackPlugin.cs`, methods in
 * `Services/Comments/CommentWebService.cs`) and the session's status (SF
 * `Services/UserSession/UserSessionServiceStackPlugin.cs`, `UserSessionService.cs`). The
 * comments widget reads `comments?ThreadKey=`, `comments/count`, `notifications` and `captcha`
 * below `/RestApi/comments-api/`, and `/RestApi/session/is-authenticated` (feather-widgets
 * `Telerik.Sitefinity.Frontend.Comments/Mvc/Scripts/comments-list.js`, its URLs from
 * `Mvc/Models/CommentsModel.cs`). `PUT /comments-api/comments` is the mock's own operation.
 */
export const hostRoutes: readonly HostRoute[] = [
  { method: 'GET', route: '/comments-api/comments', service: `${comments}.Get(CommentsFilter)` },
  {
    method: 'GET',
    route: '/comments-api/comments/count',
    service: `${comments}.Get(CommentsCountGetRequest)`,
  },
  {
    method: 'GET',
    route: '/comments-api/comments/reviews_statistics',
    service: `${comments}.Get(ReviewsStatisticsGetRequest)`,
  },
  {
    method: 'POST',
    route: '/comments-api/comments/filter',
    service: `${comments}.Post(CommentsFilterExtended)`,
  },
  {
    method: 'POST',
    route: '/comments-api/comments',
    service: `${comments}.Post(CommentCreateRequest)`,
  },
  {
    method: 'PUT',
    route: '/comments-api/comments/list',
    service: `${comments}.Put(CommentsBatchUpdateRequest)`,
  },
  {
    method: 'DELETE',
    route: '/comments-api/comments/list',
    service: `${comments}.Delete(CommentsBatchDeleteRequest)`,
  },
  // After the literal routes above: `comments/count` is the count, not a comment's key.
  {
    method: 'GET',
    route: '/comments-api/comments/{key}',
    service: `${comments}.Get(CommentGetRequest)`,
  },
  {
    method: 'DELETE',
    route: '/comments-api/comments/{key}',
    service: `${comments}.Delete(CommentDeleteRequest)`,
  },
  {
    method: 'POST',
    route: '/comments-api/threads/filter',
    service: `${comments}.Post(ThreadsFilterExtended)`,
  },
  {
    method: 'PUT',
    route: '/comments-api/threads',
    service: `${comments}.Put(ThreadUpdateRequest)`,
  },
  {
    method: 'GET',
    route: '/comments-api/notifications',
    service: `${comments}.Get(NotificationStatusRequest)`,
  },
  {
    method: 'POST',
    route: '/comments-api/notifications/subscribe',
    service: `${comments}.Post(NotificationSubscribeRequest)`,
  },
  {
    method: 'POST',
    route: '/comments-api/notifications/unsubscribe',
    service: `${comments}.Post(NotificationUnsubscribeRequest)`,
  },
  { method: 'GET', route: '/comments-api/captcha', service: `${comments}.Get(CaptchaRequest)` },
  { method: 'POST', route: '/comments-api/captcha', service: `${comments}.Post(CaptchaInfo)` },
  { method: 'GET', route: '/session/is-authenticated', service: `${session}.Get(StatusRequest)` },
]
