import { Option } from 'commander'

/** `--data-dir`, shared by every command that opens the database. */
export const dataDirOption = () =>
  new Option('--data-dir <dir>', 'where the database lives (default: the desktop app folder)')
