import { contextBridge } from 'electron'
import type { OutpostBridge } from './api'

const bridge = {
  version: process.env.npm_package_version ?? '',
} satisfies OutpostBridge

contextBridge.exposeInMainWorld('outpost', bridge)
