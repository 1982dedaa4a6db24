// Images before they go up: JPEG or PNG only, and a picture too big for one request (the
// server takes at most 1 MiB by default, BODY_LIMIT_BYTES) is scaled down in the browser to at
// most 2000 px and sent as JPEG. The server sniffs, decodes and re-encodes it either way.

export const uploadLimitBytes = 1 << 20;
const maxSide = 2000;

/** A reason the file cannot be used, or '' when it can. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string {
  if (!['image/jpeg', 'image/png'].includes(file.type)) return 'Choose a JPEG or PNG image';
  if (file.size > 20 * uploadLimitBytes) return 'Choose an image of at most 20 MB';
  return '';
}

/** file as it should be uploaded: itself when small enough, else scaled down as JPEG. */
export async function fitForUpload(file: File): Promise<File> {
  if (file.size <= uploadLimitBytes - 4096) return file;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  for (const quality of [0.86, 0.75, 0.6]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= uploadLimitBytes - 4096) return new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' });
  }
  throw new Error('The image is too big even scaled down; choose a smaller one');
}
