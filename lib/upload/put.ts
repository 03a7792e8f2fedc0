// Step 2 of the upload flow: the browser PUTs the bytes straight to the presigned URL.
// XMLHttpRequest, because fetch reports no upload progress.

export class UploadAbortedError extends Error {
  constructor() {
    super('Upload cancelled');
  }
}

export function putFile(
  url: string,
  headers: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new Error(messageOf(xhr)));
    };
    xhr.onerror = () => reject(new Error('The upload was interrupted. Check your connection and try again.'));
    xhr.onabort = () => reject(new UploadAbortedError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/** The API's error envelope, or a plain sentence for storage services that answer otherwise. */
function messageOf(xhr: XMLHttpRequest): string {
  try {
    const body = JSON.parse(xhr.responseText);
    if (typeof body?.error?.message === 'string') return body.error.message;
  } catch {}
  if (xhr.status === 413) return 'The file is larger than this upload allows.';
  if (xhr.status === 403) return 'The upload link expired. Try again.';
  return `The upload failed (HTTP ${xhr.status}). Try again.`;
}
