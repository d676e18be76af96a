export { readDevSettings, mockHomes, type DevSettings, type MockHome } from './dev-settings.ts'
export { restapiMock, type VitePluginLike } from './vite-plugin.ts'
