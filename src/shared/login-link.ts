/**
 * The command that mints a new one-time login link, as the UI and the server's pages name it. It
 * works whether or not the server runs, from the folder Outpost was started in.
 */
export const loginLinkCommand = 'npx outpost login-link'
