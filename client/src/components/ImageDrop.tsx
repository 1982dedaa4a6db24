// The back office's way in for pictures: a drop zone for files dragged from the desktop, over
// a real file input (the whole zone is its target: a click or Enter opens the file chooser,
// and tests set its files), and the uploads under way with their previews and progress.
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { uploadPicture } from '../lib/upload';
import styles from './ImageDrop.module.css';

/** A picture on its way up: its name, a preview of the file itself, and the percent sent. */
export interface PendingUpload {
  id: number;
  name: string;
  preview: string;
  percent: number;
}

/** Whether a drag carries files (not a picture being reordered on the page). */
export function carriesFiles(event: Pick<DragEvent, 'dataTransfer'>): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

let nextUpload = 1;

/**
 * usePictureUploads sends pictures to POST /api/{path}, one after the other in the order given,
 * each checked first (`problem`: a reason it cannot be used, or '') and made fit (`prepare`:
 * scaled down when too big). `pending` lists those not yet stored, with a preview and progress.
 */
export function usePictureUploads({ path, problem, prepare }: { path: string; problem: (file: File) => string; prepare: (file: File) => Promise<File> }) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const made = previews.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  /** Uploads `files`: onDone hears each stored picture's URL, onError each refusal's message. */
  async function send(files: File[], onDone: (url: string) => void, onError: (message: string) => void) {
    const queued: { file: File; item: PendingUpload }[] = [];
    for (const file of files) {
      const reason = problem(file);
      if (reason) {
        onError(reason);
        continue;
      }
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      queued.push({ file, item: { id: nextUpload++, name: file.name, preview, percent: 0 } });
    }
    setPending((current) => [...current, ...queued.map(({ item }) => item)]);
    for (const { file, item } of queued) {
      const update = (percent: number) => setPending((current) => current.map((other) => (other.id === item.id ? { ...other, percent } : other)));
      try {
        onDone(await uploadPicture(path, await prepare(file), update));
      } catch (failure) {
        onError((failure as Error).message || 'The picture could not be uploaded');
      } finally {
        setPending((current) => current.filter((other) => other.id !== item.id));
        URL.revokeObjectURL(item.preview);
        previews.current.delete(item.preview);
      }
    }
  }

  return { pending, send, busy: pending.length > 0 };
}

/** An upload's progress bar, named after its file. */
export function UploadProgress({ upload }: { upload: PendingUpload }) {
  return (
    <span className={styles.progress}>
      <progress max={100} value={upload.percent} aria-label={`Uploading ${upload.name}`} />
      <span aria-hidden="true">{upload.percent < 100 ? `${upload.percent}%` : 'Saving…'}</span>
    </span>
  );
}

/**
 * ImageDrop is the drop zone: `label` names its file input, `onFiles` gets what was dropped or
 * chosen (JPEG or PNG; several when `multiple`). `describedBy` points at the field's hint or error.
 */
export function ImageDrop({
  label,
  prompt,
  multiple = false,
  disabled = false,
  invalid = false,
  describedBy,
  onFiles,
}: {
  label: string;
  /** The zone's words; "Drop a picture here or choose one" unless told. */
  prompt?: string;
  multiple?: boolean;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  }
  function dragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  }
  function drop(event: DragEvent<HTMLDivElement>) {
    setOver(false);
    if (disabled || !carriesFiles(event)) return;
    event.preventDefault();
    const files = Array.from(event.dataTransfer.files);
    onFiles(multiple ? files : files.slice(0, 1));
  }
  return (
    <div
      className={styles.zone}
      data-over={over || undefined}
      data-invalid={invalid || undefined}
      data-disabled={disabled || undefined}
      onDragEnter={dragOver}
      onDragOver={dragOver}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <input
        id={id}
        className={styles.input}
        type="file"
        accept="image/jpeg,image/png"
        multiple={multiple}
        disabled={disabled}
        onChange={chosen}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
      />
      <svg className={styles.icon} width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M12 15V4m0 0-4 4m4-4 4 4" />
        <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
      </svg>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <span className={styles.prompt} aria-hidden="true">
        {prompt ?? (multiple ? 'Drop pictures here or choose files' : 'Drop a picture here or choose one')}
      </span>
    </div>
  );
}
