// faker's SimpleFaker class, for Node running these sources (`npm start`, the tests). faker
// exports the class only from its root entry point, which loads every locale in Node; the base
// locale's entry point is cheaper, and its instance's class extends SimpleFaker. The package
// ships neither: `#simple-faker` (package.json "imports") gives Node dist/simple-faker.js, the
// class bundled and tree-shaken from simple-faker.browser.ts, and browser bundlers that same
// source, which they tree-shake themselves (tsdown.config.ts, nodeSimpleFaker).
import type { SimpleFaker as SimpleFakerClass } from '@faker-js/faker'
import { faker } from '@faker-js/faker/locale/base'

export const SimpleFaker = Object.getPrototypeOf(faker.constructor) as typeof SimpleFakerClass
