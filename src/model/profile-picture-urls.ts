import { md5 } from '@noble/hashes/legacy.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

export interface ProfilePictureUrls {
  ProfilePictureUrl: string | null
  ProfilePictureThumbnailUrl: string | null
}

/**
 * The picture URLs the server derives from a commenter's e-mail address (Gravatar's scheme:
 * the MD5 of the trimmed, lowercased address), so they change when the address changes.
 */
export function profilePictureUrls(email: string | null): ProfilePictureUrls {
  const address = email?.trim().toLowerCase() ?? ''
  if (address === '') return { ProfilePictureUrl: null, ProfilePictureThumbnailUrl: null }
  const hash = bytesToHex(md5(utf8ToBytes(address)))
  return {
    ProfilePictureUrl: `https://www.gravatar.com/avatar/${hash}?s=200&d=identicon`,
    ProfilePictureThumbnailUrl: `https://www.gravatar.com/avatar/${hash}?s=50&d=identicon`,
  }
}
