// A fetch that reports upload progress (issue 21: firmware uploads of up to 16 MiB). fetch() cannot report
// how much of a request body has left, XMLHttpRequest can (`upload.onprogress`), so this wraps it in
// fetch's shape: the transport keeps one code path for timeouts, errors and parsing.

/** Bytes of the request body sent so far, of `total`. */
export type UploadProgress = (sent: number, total: number) => void;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function progressFetch(onProgress: UploadProgress): typeof fetch {
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const url = input instanceof Request ? input.url : String(input);
      xhr.open(init.method ?? 'GET', url);
      xhr.withCredentials = init.credentials === 'include';
      xhr.responseType = 'arraybuffer';
      for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded, e.total);
      };
      xhr.upload.onload = (e) => onProgress(e.loaded, e.total);
      xhr.onload = () => {
        const status = xhr.status;
        const body = NULL_BODY_STATUSES.has(status) ? null : (xhr.response as ArrayBuffer);
        resolve(new Response(body, { status, headers: parseHeaders(xhr.getAllResponseHeaders()) }));
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
      const signal = init.signal;
      if (signal) {
        if (signal.aborted) {
          reject(new DOMException('The upload was aborted', 'AbortError'));
          return;
        }
        signal.addEventListener('abort', () => xhr.abort(), { once: true });
      }
      xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
    });
}
