// faker's SimpleFaker class, for Node. faker exports the class only from its root entry point,
// which loads every locale in Node (docs/performance.md, "Browser bundle"); the base locale's
// entry point is cheap, and its instance's class extends SimpleFaker. Browser bundlers take
// simple-faker.browser.ts instead (package.json "imports"), where the root entry point costs
// nothing: it is tree-shaken down to the class.
import type { SimpleFaker as SimpleFakerClass } from '@faker-js/faker'
import { faker } from '@faker-js/faker/locale/base'

export const SimpleFaker = Object.getPrototypeOf(faker.constructor) as typeof SimpleFakerClass
