// faker's SimpleFaker class, for browser bundles: package.json "imports" maps `#simple-faker`
// here under the "browser" condition. A bundler tree-shakes faker's root entry point down to
// the class, while its base locale's entry point would bring the full Faker class and every
// module (seeds/simple-faker.ts is the Node side, where the root entry point would load every
// locale).
export { SimpleFaker } from '@faker-js/faker'
