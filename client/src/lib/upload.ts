// Back-office picture uploads with their progress: a file goes up as multipart form data
// (field "file") through XMLHttpRequest, whose upload events say how much has gone, with the
// admin's Bearer token; the server's envelope is read as every other call's (lib/api.ts).
import { authToken, isEnvelope } from './api';
import { apiBaseUrl } from './env';

/** The picture's URL from an upload's answer, or throws the message to show. */
export function uploadedUrl(status: number, text: string): string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(status === 413 ? 'The picture is too big to upload' : 'The picture could not be uploaded');
  }
  if (!isEnvelope(body) || !body.success || status >= 400) {
    const message = isEnvelope(body) ? body.message : '';
    throw new Error(message || 'The picture could not be uploaded');
  }
  const url = (body.data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || !url) throw new Error('The picture could not be uploaded');
  return url;
}

/** How much of an upload has gone, as a whole percent from 0 to 100. */
export function percentSent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/**
 * uploadPicture sends `file` to POST /api/{path} (admin/uploads/products…) and resolves with
 * the stored picture's URL; onProgress hears the percent sent as it goes. Rejects with an Error
 * whose message is the server's (or a plain one when the shop cannot be reached).
 */
export function uploadPicture(path: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${apiBaseUrl.replace(/\/$/, '')}/${path}`);
    const token = authToken('admin');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(percentSent(event.loaded, event.total));
    };
    request.onload = () => {
      try {
        onProgress(100);
        resolve(uploadedUrl(request.status, request.responseText));
      } catch (failure) {
        reject(failure as Error);
      }
    };
    request.onerror = () => reject(new Error('Cannot reach the shop. Please check your connection.'));
    const body = new FormData();
    body.append('file', file);
    request.send(body);
  });
}

/** `items` with the one at `from` moved to `to` (both kept inside the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [moved] = next.splice(from, 1);
  next.splice(Math.min(Math.max(to, 0), next.length), 0, moved as T);
  return next;
}
