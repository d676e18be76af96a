// `restapi-mock/playwright`: the session fixture and the suite's servers, for Playwright.
export { test, expect, type MockSession } from './mock-fixture.ts'
export { mockSettings, mockWebServer, type WebServerEntry } from './playwright-config.ts'
