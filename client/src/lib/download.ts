// Saving a file the API serves only with the session's bearer token (it takes no cookies, so a
// bare link would be refused): an invoice's PDF, a shopper's data download.

/**
 * Fetches `url` with `token` and saves the answer as `fileName` through a temporary object URL.
 * Rejects when the server does not answer 2xx.
 */
export async function downloadWithToken(url: string, token: string | null, fileName: string): Promise<void> {
  const response = await fetch(new Request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
  if (!response.ok) throw new Error(`download: ${response.status}`);
  const file = URL.createObjectURL(await response.blob());
  const save = document.createElement('a');
  save.href = file;
  save.download = fileName;
  save.hidden = true;
  document.body.append(save);
  save.click();
  save.remove();
  window.setTimeout(() => URL.revokeObjectURL(file), 60_000);
}
