import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ADMIN_MESSAGES, UPLOAD_ACCEPT, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES, UPLOAD_MESSAGES, type BookImageDto, formatNumberVN } from '@nhasach/shared';
import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon, Trash2Icon, UploadIcon } from 'lucide-react';
import { ApiError, mediaUrl } from '../../../api/client.ts';
import { removeBookImage, reorderBookImages, uploadBookImages } from '../../../api/admin.ts';
import { IconButton } from '../ui.tsx';
import { errorText } from '../../../components/ui/errorText.ts';

/** A file chosen in the browser and not stored yet (a new book is saved first, then its images). */
export interface PendingImage {
  key: string;
  file: File;
  previewUrl: string;
}

const ACCEPTED_TYPES = UPLOAD_ACCEPT.split(',');
const mb = (bytes: number) => `${formatNumberVN(bytes / 1024 / 1024, 1)} MB`;

/** Browser-side checks before sending (the server checks the bytes again): type and the 10 MB limit. */
export function checkImageFile(file: File): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return UPLOAD_MESSAGES.notImage.replace('{name}', file.name);
  if (file.size > UPLOAD_MAX_FILE_BYTES) return `${file.name} (${mb(file.size)}): ${UPLOAD_MESSAGES.tooLarge}`;
  return null;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

let pendingSeq = 0;

/**
 * The images of the book in the form: the stored ones (reorder and remove go to the server at once) and the
 * files waiting to be uploaded (kept until the book exists, then sent with a progress bar).
 */
export function useBookImages(initial: readonly BookImageDto[]) {
  const [images, setImages] = useState<BookImageDto[]>(() => [...initial].sort((a, b) => a.sortOrder - b.sortOrder));
  const [pending, setPending] = useState<PendingImage[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [rejected, setRejected] = useState<string[]>([]);
  const [working, setWorking] = useState(false);
  // The latest list for async callers (upload after a create, retry); kept in step with the state below.
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);

  // Previews live as object URLs; give them back when the form goes away.
  useEffect(() => () => pendingRef.current.forEach((p) => URL.revokeObjectURL(p.previewUrl)), []);

  /** Sends every waiting file (10 per request); true when all were stored. */
  const upload = useCallback(async (bookId: number, list: readonly PendingImage[] = pendingRef.current): Promise<boolean> => {
    if (list.length === 0) return true;
    setError(null);
    setProgress(0);
    const total = list.reduce((s, p) => s + p.file.size, 0) || 1;
    let done = 0;
    try {
      for (let i = 0; i < list.length; i += UPLOAD_MAX_FILES) {
        const batch = list.slice(i, i + UPLOAD_MAX_FILES);
        const batchSize = batch.reduce((s, p) => s + p.file.size, 0);
        const added = await uploadBookImages(
          bookId,
          batch.map((p) => p.file),
          { onProgress: ({ loaded, total: t }) => setProgress(Math.min(99, Math.round(((done + (loaded / (t || 1)) * batchSize) / total) * 100))) },
        );
        done += batchSize;
        const sent = new Set(batch.map((p) => p.key));
        setImages((prev) => [...prev, ...added.filter((a) => !prev.some((p) => p.id === a.id))]);
        setPending((prev) => {
          prev.filter((p) => sent.has(p.key)).forEach((p) => URL.revokeObjectURL(p.previewUrl));
          return prev.filter((p) => !sent.has(p.key));
        });
      }
      setProgress(100);
      window.setTimeout(() => setProgress(null), 600);
      return true;
    } catch (err) {
      setProgress(null);
      // The spec's text, plus the server's reason when it gave one (e.g. which file is not an image).
      const detail = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? err.message : '';
      setError(detail ? `${ADMIN_MESSAGES.uploadFailed} (${detail})` : ADMIN_MESSAGES.uploadFailed);
      return false;
    }
  }, []);

  /** Adds chosen files; with a stored book they are uploaded at once. */
  const addFiles = useCallback(
    (files: readonly File[], bookId?: number) => {
      const problems: string[] = [];
      const ok: PendingImage[] = [];
      for (const file of files) {
        const problem = checkImageFile(file);
        if (problem) problems.push(problem);
        else ok.push({ key: `p${++pendingSeq}`, file, previewUrl: URL.createObjectURL(file) });
      }
      setRejected(problems);
      if (ok.length === 0) return;
      const next = [...pendingRef.current, ...ok];
      setPending(next);
      pendingRef.current = next;
      if (bookId !== undefined) void upload(bookId, next);
    },
    [upload],
  );

  const movePending = (from: number, to: number) => setPending((prev) => move(prev, from, to));
  const removePending = (key: string) =>
    setPending((prev) => {
      prev.filter((p) => p.key === key).forEach((p) => URL.revokeObjectURL(p.previewUrl));
      return prev.filter((p) => p.key !== key);
    });

  const moveStored = async (bookId: number, from: number, to: number) => {
    const before = images;
    const next = move(images, from, to);
    setImages(next);
    setWorking(true);
    try {
      setImages(await reorderBookImages(bookId, next.map((i) => i.id)));
    } catch (err) {
      setImages(before);
      setError(errorText(err, 'Không sắp xếp được ảnh.'));
    } finally {
      setWorking(false);
    }
  };

  const removeStored = async (bookId: number, imageId: number) => {
    setWorking(true);
    try {
      setImages(await removeBookImage(bookId, imageId));
      setError(null);
    } catch (err) {
      setError(errorText(err, 'Không xoá được ảnh.'));
    } finally {
      setWorking(false);
    }
  };

  return { images, pending, progress, error, rejected, working, upload, addFiles, movePending, removePending, moveStored, removeStored };
}

export type BookImagesState = ReturnType<typeof useBookImages>;

interface Tile {
  key: string;
  src: string;
  stored: boolean;
  index: number;
  name: string;
}

/** The images panel: drop zone, previews in order (the first is the cover), arrows and drag to reorder, remove. */
export function BookImagesField({ state, bookId, disabled = false }: { state: BookImagesState; bookId: number | undefined; disabled?: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [dragOver, setDragOver] = useState(false);
  const [dragKey, setDragKey] = useState<string | null>(null);
  // A stored image is removed after a second click on the tile itself (no dialog on top of the form dialog).
  const [confirmKey, setConfirmKey] = useState<string | null>(null);
  const { images, pending, progress, error, rejected, working } = state;
  const uploading = progress !== null;

  const tiles: Tile[] = [
    ...images.map((img, i) => ({ key: `s${img.id}`, src: img.variants.medium || img.url, stored: true, index: i, name: `Ảnh ${i + 1}` })),
    ...pending.map((p, i) => ({ key: p.key, src: p.previewUrl, stored: false, index: i, name: p.file.name })),
  ];

  const moveTile = (t: Tile, dir: -1 | 1) => {
    const to = t.index + dir;
    if (t.stored) {
      if (bookId !== undefined && to >= 0 && to < images.length) void state.moveStored(bookId, t.index, to);
    } else if (to >= 0 && to < pending.length) state.movePending(t.index, to);
  };

  const onDropFiles = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    if (dragKey) return;
    const files = Array.from(e.dataTransfer.files);
    if (files.length && !disabled) state.addFiles(files, bookId);
  };

  const onDropOnTile = (target: Tile) => (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
    const source = tiles.find((t) => t.key === dragKey);
    setDragKey(null);
    if (!source || source.stored !== target.stored || source.key === target.key) return;
    if (source.stored) {
      if (bookId !== undefined) void state.moveStored(bookId, source.index, target.index);
    } else state.movePending(source.index, target.index);
  };

  const canMoveUp = (t: Tile) => t.index > 0;
  const canMoveDown = (t: Tile) => t.index < (t.stored ? images.length : pending.length) - 1;

  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragKey) setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDropFiles}
        className={`rounded-xl border-2 border-dashed p-4 text-center transition-colors ${dragOver ? 'border-brand-500 bg-brand-50' : 'border-gray-300 bg-gray-50/60'}`}
      >
        <UploadIcon size={24} className="mx-auto text-gray-500" />
        <p className="mt-2 text-sm text-gray-600">
          Kéo thả ảnh vào đây hoặc{' '}
          <label htmlFor={inputId} className="cursor-pointer font-semibold text-brand-700 hover:underline">
            chọn tệp
          </label>
        </p>
        <p className="mt-1 text-xs text-gray-500">JPEG, PNG hoặc WebP, tối đa 10 MB mỗi ảnh. Ảnh đầu tiên là ảnh bìa.</p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={UPLOAD_ACCEPT}
          multiple
          disabled={disabled || uploading}
          aria-label="Chọn ảnh sách"
          className="sr-only"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length) state.addFiles(files, bookId);
          }}
        />
      </div>

      {progress !== null && (
        <div className="mt-3" role="status" aria-live="polite">
          <div className="mb-1 flex justify-between text-xs font-medium text-gray-600">
            <span>Đang tải ảnh lên…</span>
            <span>{progress}%</span>
          </div>
          <div className="h-2 overflow-hidden rounded-full bg-gray-200" role="progressbar" aria-label="Tiến độ tải ảnh" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-200" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}

      {rejected.length > 0 && (
        <ul className="mt-3 space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900" role="alert">
          {rejected.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {error && (
        <div role="alert" className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          <span>{error}</span>
          {bookId !== undefined && pending.length > 0 && !uploading && (
            <button type="button" onClick={() => void state.upload(bookId)} className="font-semibold text-red-800 underline">
              Thử lại
            </button>
          )}
        </div>
      )}

      {tiles.length > 0 && (
        <ol className="mt-3 grid grid-cols-3 gap-2.5" aria-label="Ảnh của sách">
          {tiles.map((t) => {
            const position = t.stored ? t.index : images.length + t.index;
            return (
              <li
                key={t.key}
                draggable={!disabled && !working}
                onDragStart={(e) => {
                  setDragKey(t.key);
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragEnd={() => setDragKey(null)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={onDropOnTile(t)}
                className={`group relative overflow-hidden rounded-lg border bg-white ${dragKey === t.key ? 'opacity-40' : ''} ${position === 0 ? 'border-brand-400 ring-2 ring-brand-100' : 'border-gray-200'}`}
              >
                <div className="relative">
                  <img src={mediaUrl(t.src)} alt={t.stored ? `Ảnh ${position + 1} của sách` : `Ảnh chờ tải lên: ${t.name}`} className="aspect-[2/3] w-full bg-gray-100 object-cover" />
                  <span className="absolute top-1.5 left-1.5 rounded bg-gray-900/75 px-1.5 py-0.5 text-[10px] font-semibold text-white">
                    {position === 0 ? 'Ảnh bìa' : position + 1}
                  </span>
                  {!t.stored && <span className="absolute inset-x-0 bottom-0 bg-amber-500/90 py-0.5 text-center text-[10px] font-semibold text-white">Chờ tải lên</span>}
                  <span className="absolute inset-0 hidden place-items-center text-white/90 drop-shadow group-hover:grid" aria-hidden="true">
                    <GripVerticalIcon size={18} />
                  </span>
                  {confirmKey === t.key && (
                    <div role="group" aria-label="Xác nhận xoá ảnh" className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-gray-900/80 p-2 text-center">
                      <span className="text-xs font-semibold text-white">Xoá ảnh này?</span>
                      <button
                        type="button"
                        autoFocus
                        disabled={working}
                        onClick={() => {
                          const id = images[t.index]?.id;
                          if (id !== undefined && bookId !== undefined) void state.removeStored(bookId, id).then(() => setConfirmKey(null));
                        }}
                        className="w-full rounded-md bg-red-600 px-2 py-1 text-xs font-semibold text-white hover:bg-red-700 disabled:opacity-60"
                      >
                        Xoá ảnh
                      </button>
                      <button type="button" onClick={() => setConfirmKey(null)} className="w-full rounded-md bg-white/90 px-2 py-1 text-xs font-semibold text-gray-800 hover:bg-white">
                        Giữ lại
                      </button>
                    </div>
                  )}
                </div>
                <div className="flex items-center justify-between gap-0.5 border-t border-gray-100 bg-white px-1 py-0.5">
                  <IconButton label={`Đưa ${t.name} lên trước`} disabled={disabled || working || !canMoveUp(t)} onClick={() => moveTile(t, -1)} className="size-7">
                    <ArrowUpIcon size={14} className="-rotate-90" />
                  </IconButton>
                  <IconButton label={`Đưa ${t.name} ra sau`} disabled={disabled || working || !canMoveDown(t)} onClick={() => moveTile(t, 1)} className="size-7">
                    <ArrowDownIcon size={14} className="-rotate-90" />
                  </IconButton>
                  <IconButton
                    label={`Xoá ${t.name}`}
                    tone="danger"
                    disabled={disabled || working || (uploading && !t.stored)}
                    onClick={() => (t.stored ? setConfirmKey(t.key) : state.removePending(t.key))}
                    className="size-7"
                  >
                    <Trash2Icon size={14} />
                  </IconButton>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {tiles.length === 0 && <p className="mt-3 text-xs text-gray-500">Sách chưa có ảnh: cửa hàng sẽ hiển thị ảnh “No Image”.</p>}

    </div>
  );
}
