// The product editor's pictures: the saved ones in their order (the first is the thumbnail),
// each moved by dragging it or with its "Move earlier" and "Move later" buttons, or removed;
// the uploads under way after them with their previews and progress; and the drop zone.
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ImageDrop, UploadProgress, carriesFiles, type PendingUpload } from '../../../../components/ImageDrop';
import { moveItem } from '../../../../lib/upload';
import styles from './PictureList.module.css';

export function PictureList({
  images,
  pending,
  error,
  disabled,
  onChange,
  onFiles,
}: {
  images: string[];
  pending: PendingUpload[];
  error?: string;
  disabled: boolean;
  onChange: (images: string[]) => void;
  onFiles: (files: File[]) => void;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const refocus = useRef<{ url: string; button: 'earlier' | 'later' } | null>(null);

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const item = list.current?.querySelector<HTMLElement>(`[data-picture="${CSS.escape(wanted.url)}"]`);
    const button = item?.querySelector<HTMLButtonElement>(`[data-move="${wanted.button}"]:not(:disabled)`) ?? item?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)');
    button?.focus();
  }, [images]);

  function move(from: number, to: number, button?: 'earlier' | 'later') {
    if (to < 0 || to >= images.length || from === to) return;
    const url = images[from]!;
    if (button) refocus.current = { url, button };
    onChange(moveItem(images, from, to));
    setSaid(`Picture moved to place ${to + 1} of ${images.length}${to === 0 ? ': it is the thumbnail now' : ''}. Save the product to keep the order.`);
  }

  function dropOn(event: DragEvent<HTMLElement>, at: number) {
    event.preventDefault();
    if (carriesFiles(event)) {
      onFiles(Array.from(event.dataTransfer.files));
    } else if (dragging !== null) {
      move(dragging, at);
    }
    setDragging(null);
    setTarget(null);
  }

  const errorId = useId();
  const describedBy = error ? errorId : undefined;
  return (
    <div className={styles.pictures}>
      {(images.length > 0 || pending.length > 0) && (
        <ol ref={list} className={styles.list} aria-label="Pictures">
          {images.map((url, index) => (
            <li
              key={url}
              data-picture={url}
              draggable={!disabled}
              data-dragging={dragging === index || undefined}
              data-target={target === index && dragging !== index ? true : undefined}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', url);
                setDragging(index);
              }}
              onDragOver={(event) => {
                if (disabled) return;
                event.preventDefault();
                setTarget(index);
              }}
              onDragLeave={() => setTarget((current) => (current === index ? null : current))}
              onDrop={(event) => dropOn(event, index)}
              onDragEnd={() => {
                setDragging(null);
                setTarget(null);
              }}
            >
              <img src={url} alt={`${index + 1} of ${images.length}${index === 0 ? ', the thumbnail' : ''}`} draggable={false} />
              {index === 0 && <span className={styles.first}>Thumbnail</span>}
              <span className={styles.actions}>
                <button type="button" data-move="earlier" disabled={disabled || index === 0} aria-label={`Move picture ${index + 1} earlier`} onClick={() => move(index, index - 1, 'earlier')}>
                  ←
                </button>
                <button
                  type="button"
                  data-move="later"
                  disabled={disabled || index === images.length - 1}
                  aria-label={`Move picture ${index + 1} later`}
                  onClick={() => move(index, index + 1, 'later')}
                >
                  →
                </button>
                <button
                  type="button"
                  className={styles.remove}
                  disabled={disabled}
                  aria-label={`Remove picture ${index + 1}`}
                  onClick={() => onChange(images.filter((other) => other !== url))}
                >
                  Remove
                </button>
              </span>
            </li>
          ))}
          {pending.map((upload) => (
            <li key={upload.id} data-uploading>
              <img src={upload.preview} alt={`${upload.name}, uploading`} />
              <UploadProgress upload={upload} />
            </li>
          ))}
        </ol>
      )}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
      <ImageDrop label="Add pictures (JPEG or PNG; the first is the thumbnail)" multiple disabled={disabled} invalid={Boolean(error)} describedBy={describedBy} onFiles={onFiles} />
      {images.length > 1 && <p className={styles.hint}>Drag a picture, or use its arrows, to change the order. The first is the thumbnail.</p>}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
