import { updateABTest } from './ab-testing.ts'
import { updateComment } from './comments.ts'
import { containersInfo } from './containers-info.ts'
import { createService } from './services.ts'

// Every list of operations is derived from `operations`: the mock's routes, the msw handlers,
// OpenAPI, the native types, the metadata pages, the start banner, the tests' matrices. An
// operation is one file beside this one and its line in the list; a test holds the README's and
// the docs' tables of operations to it (test/docs/operations-table.test.ts).

/** The spec's operations by name, for users who add to or pick from them. */
export { updateABTest, createService, containersInfo, updateComment }

/** The operations the mock serves, in the order the metadata lists them. */
export const operations = [updateABTest, createService, containersInfo, updateComment] as const
