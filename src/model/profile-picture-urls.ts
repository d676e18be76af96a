export interface ProfilePictureUrls {
  ProfilePictureUrl: string | null
  ProfilePictureThumbnailUrl: string | null
}

/**
 * The picture the host answers for an author without an avatar (an anonymous one, or a user
 * who set none): its default photo, rooted (`RouteHelper.ResolveUrl("~/SFRes/…", Rooted)` on a
 * site at the root). SF `Security/UserDisplayNameBuilder.cs` l.88–98 and
 * `Modules/Comments/CommentsUtilities.cs` l.745–749.
 */
export const defaultProfilePicture =
  '/SFRes/images/Telerik.Sitefinity.Resources/Images.DefaultPhoto.png'

/** An author's avatar image: its `MediaUrl` and its `ThumbnailUrl`. */
export interface Avatar {
  readonly url: string
  readonly thumbnailUrl: string
}

/**
 * The picture URLs the host answers for a comment's author, as `PopulateAuthorInfo` sets them
 * (SF `Modules/Comments/CommentsUtilities.cs` l.734–750): the author's avatar image, or the
 * default photo for both. They follow the author (a user id), never the e-mail address, so
 * changing a comment's `Email` does not change them.
 */
export function profilePictureUrls(avatar: Avatar | null): ProfilePictureUrls {
  return {
    ProfilePictureUrl: avatar?.url ?? defaultProfilePicture,
    ProfilePictureThumbnailUrl: avatar?.thumbnailUrl ?? defaultProfilePicture,
  }
}
