/** Something the mock did on its own that a user should see: a data file reloaded or refused. */
export interface Notice {
  /** ISO time. */
  readonly time: string
  readonly level: 'info' | 'error'
  readonly message: string
}

export interface Notices {
  add(level: Notice['level'], message: string): void
  /** Oldest first. */
  list(): Notice[]
  clear(): void
}

/** The most notices kept; the oldest go first. */
export const maxNotices = 50

/** The mock's notices: a short list, shown by the dashboard and `GET /__mock/notices`. */
export function createNotices(max = maxNotices): Notices {
  let notices: Notice[] = []
  return {
    add(level, message) {
      notices.push({ time: new Date().toISOString(), level, message })
      if (notices.length > max) notices = notices.slice(-max)
    },
    list: () => [...notices],
    clear() {
      notices = []
    },
  }
}
