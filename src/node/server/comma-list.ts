/**
 * The entries of a comma-separated option, trimmed, empty ones dropped.
 * @example commaList('mock.test, .example.com,') // ['mock.test', '.example.com']
 */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}
