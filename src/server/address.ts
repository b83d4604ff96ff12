/** Where a server listens unless told otherwise: loopback only, on a port scripts can rely on. */
export const defaultHost = '127.0.0.1'
export const defaultPort = 4780
