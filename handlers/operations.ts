import { updateABTest } from './ab-testing.ts'
import { updateComment } from './comments.ts'
import { containersInfo } from './containers-info.ts'
import { createService } from './services.ts'

/** The four operations of the spec, in the order the metadata lists them. */
export const operations = [updateABTest, createService, containersInfo, updateComment] as const
