/** One thing init does: a file written (new or changed), or msw's own init run. */
export type InitStep =
  | {
      readonly kind: 'write'
      readonly path: string
      readonly before: string | null
      readonly after: string
      readonly why: string
    }
  | {
      readonly kind: 'msw-init'
      /** msw's CLI script, in the project's own node_modules. */
      readonly cli: string
      readonly directory: string
      readonly why: string
    }

/** Where a planner adds what it found: steps, what is done, notes; `at` names a path. */
export interface Collect {
  readonly steps: InitStep[]
  readonly done: string[]
  readonly notes: string[]
  readonly at: (path: string) => string
}
