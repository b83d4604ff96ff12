import { contextBridge, ipcRenderer } from 'electron'
import type { BridgeInfo } from '../main/ipc'
import type { OutpostBridge } from './api'

// Kept in step with src/main/ipc.ts: a sandboxed preload can import nothing but electron at run
// time, so the channel names are repeated here rather than imported.
const channels = {
  bridgeInfo: 'outpost:bridge-info',
  tunnelState: 'outpost:tunnel-state',
  setTunnelEnabled: 'outpost:set-tunnel-enabled',
  openDataFolder: 'outpost:open-data-folder',
  language: 'outpost:language',
  connectTeamServer: 'outpost:connect-team-server',
  disconnectTeamServer: 'outpost:disconnect-team-server',
} as const

// Read once, synchronously, so the renderer finds the secret the moment it starts. It travels over
// IPC, not the command line, where other local users could read it.
const info = ipcRenderer.sendSync(channels.bridgeInfo) as BridgeInfo

const bridge = {
  version: info.version,
  sessionSecret: info.sessionSecret,
  apiUrl: info.apiUrl,
  tunnel: {
    state: () => ipcRenderer.invoke(channels.tunnelState),
    setEnabled: (enabled: boolean) =>
      ipcRenderer.invoke(channels.setTunnelEnabled, enabled === true),
  },
  openDataFolder: () => ipcRenderer.invoke(channels.openDataFolder),
  setLanguage: (code: string) => ipcRenderer.send(channels.language, String(code)),
  teamServer: {
    origin: info.teamServer,
    connect: (address: string) => ipcRenderer.invoke(channels.connectTeamServer, String(address)),
    disconnect: () => ipcRenderer.invoke(channels.disconnectTeamServer),
  },
} satisfies OutpostBridge

contextBridge.exposeInMainWorld('outpost', bridge)
