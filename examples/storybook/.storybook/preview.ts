import type { Preview } from '@storybook/html-vite'
import { restapiMock } from './restapi-mock'

const preview: Preview = {
  ...restapiMock,
}

export default preview
