/**
 * Files dropped or chosen, uploaded one request per file (`POST /upload`, multipart `files` and
 * `fileInfo` with the folder), three at a time, each with its own progress (XMLHttpRequest's
 * upload progress, api/client.ts): the dialog shows a progress bar per file. The server streams
 * every file to the provider; a failed file says why and the others go on.
 */
import { useCallback, useRef, useState } from 'react';
import { apiUploadWithProgress } from '../api/client';

export interface QueuedUpload {
  readonly key: number;
  readonly name: string;
  /** 0 to 100 */
  readonly progress: number;
  readonly status: 'waiting' | 'uploading' | 'done' | 'failed';
  readonly error?: string;
}

const PARALLEL = 3;

export function useUploadQueue(onSettled: () => void) {
  const [items, setItems] = useState<QueuedUpload[]>([]);
  const nextKey = useRef(1);
  const update = (key: number, change: Partial<QueuedUpload>) => setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = useCallback((files: readonly File[], folder: number | null) => {
    if (files.length === 0) return;
    const jobs = files.map((file) => ({ key: nextKey.current++, file }));
    setItems((list) => [...list, ...jobs.map(({ key, file }): QueuedUpload => ({ key, name: file.name, progress: 0, status: 'waiting' }))]);
    let index = 0;
    const worker = async (): Promise<void> => {
      while (index < jobs.length) {
        const { key, file } = jobs[index++];
        update(key, { status: 'uploading' });
        const form = new FormData();
        form.append('files', file);
        form.append('fileInfo', JSON.stringify({ name: file.name, folder }));
        try {
          await apiUploadWithProgress('/upload', form, (sent, total) => update(key, { progress: total > 0 ? Math.min(99, Math.round((sent / total) * 100)) : 0 }));
          update(key, { status: 'done', progress: 100 });
        } catch (error) {
          update(key, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
        }
      }
    };
    void Promise.all(Array.from({ length: Math.min(PARALLEL, jobs.length) }, worker)).then(onSettled);
  }, [onSettled]);

  const clearFinished = useCallback(() => setItems((list) => list.filter((item) => item.status === 'waiting' || item.status === 'uploading')), []);
  return { items, add, clearFinished };
}
