// Runtime settings the client derives from where it is served: the API base URL and the
// websocket URL. The SPA is always served by (or proxied to) the Go server on the same origin.

export const apiBaseUrl = `${window.location.origin}/api`;

export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/ws`;
}

export const isDevelopment = import.meta.env.DEV;
