import { Link } from 'react-router';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes, type ReactElement, type ReactNode } from 'react';
import { Controller, useController, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_AGE_RATINGS,
  ADMIN_COVER_TYPES,
  ADMIN_LANGUAGES,
  ADMIN_MESSAGES,
  AGE_RATING_LABELS,
  BOOK_STATUSES,
  BOOK_STATUS_LABELS,
  COVER_TYPE_LABELS,
  LANGUAGE_LABELS,
  bookCreateSchema,
  bookSaveErrorMessage,
  bookUpdateSchema,
  normalizeLanguage,
  type BookCreateInput,
  type BookDto,
  type BookUpdateInput,
} from '@nhasach/shared';
import { ExternalLinkIcon } from 'lucide-react';
import { adminKeys, createBook, fetchAdminBook, fetchAdminCategories, updateBook } from '../../../api/admin.ts';
import { ApiError } from '../../../api/client.ts';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { ErrorState, Skeleton } from '../../../components/ui/EmptyState.tsx';
import { FieldFrame, inputClass } from '../../../components/ui/Field.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { applyFieldErrors } from '../../../components/ui/errorText.ts';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { InlineAlert, selectClass } from '../ui.tsx';
import { BookImagesField, useBookImages } from './BookImages.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { bookToForm, emptyBookForm, formSummary, withNumbers, type BookFormValues } from './bookForm.ts';
import { DescriptionEditor } from './DescriptionEditor.tsx';
import { CategoryPicker, MasterPicker, listFailedText } from './Pickers.tsx';

type Parsed = BookCreateInput | BookUpdateInput;

// The shared schemas give the request bodies from the form's values once its number inputs are numbers
// (formNumbers); one resolver per mode, chosen per call (a book created in this dialog continues as an edit).
// The casts only widen the input type.
const numbersFirst =
  (resolver: Resolver<BookFormValues, unknown, Parsed>): Resolver<BookFormValues, unknown, Parsed> =>
  (values, context, options) =>
    resolver(withNumbers(values), context, options);
const createResolver = numbersFirst(zodResolver(bookCreateSchema) as unknown as Resolver<BookFormValues, unknown, Parsed>);
const updateResolver = numbersFirst(zodResolver(bookUpdateSchema) as unknown as Resolver<BookFormValues, unknown, Parsed>);

const FIELD_NAMES = Object.keys(emptyBookForm()) as (keyof BookFormValues)[];

type InputName = { [K in keyof BookFormValues]: BookFormValues[K] extends string ? K : never }[keyof BookFormValues];
type PickerName = 'publisherId' | 'supplierId' | 'authorIds' | 'categoryIds';
type SelectName = 'status' | 'language' | 'coverType' | 'ageRating';

/** The pickers' wiring to their field: ids as the pickers take them, the label and the error's description. */
type PickerBinding = { id: string; label: string; value: number[]; onChange: (ids: number[]) => void; invalid: boolean; describedBy: string | undefined };

const optionsOf = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));
const STATUS_OPTIONS = optionsOf(BOOK_STATUSES, BOOK_STATUS_LABELS);
const COVER_OPTIONS = optionsOf(ADMIN_COVER_TYPES, COVER_TYPE_LABELS);
const AGE_OPTIONS = optionsOf(ADMIN_AGE_RATINGS, AGE_RATING_LABELS);

const numberInput = (min: number, step?: number, decimal?: boolean): InputHTMLAttributes<HTMLInputElement> => ({ type: 'number', min, step, inputMode: decimal ? 'decimal' : 'numeric' });

/** 'Thông số': the book's measures, all numbers. */
const SPEC_FIELDS: { name: InputName; label: string; required?: boolean; input: InputHTMLAttributes<HTMLInputElement> }[] = [
  { name: 'publicationYear', label: 'Năm xuất bản', input: { ...numberInput(1000), max: 2100, placeholder: '2024' } },
  { name: 'pageCount', label: 'Số trang', required: true, input: numberInput(0) },
  { name: 'weightGram', label: 'Khối lượng (g)', input: numberInput(0) },
  { name: 'widthCm', label: 'Rộng (cm)', input: numberInput(0, 0.1, true) },
  { name: 'heightCm', label: 'Cao (cm)', input: numberInput(0, 0.1, true) },
  { name: 'thicknessCm', label: 'Dày (cm)', input: numberInput(0, 0.1, true) },
];

/** The add/edit dialog. With `editId` it loads the book first (GET /api/v1/admin/books/{id}). */
export function BookFormDialog({ editId, onClose }: { editId: number | null; onClose: () => void }) {
  if (editId === null) return <BookForm onClose={onClose} />;
  return <EditLoader id={editId} onClose={onClose} />;
}

function EditLoader({ id, onClose }: { id: number; onClose: () => void }) {
  const query = useQuery({ queryKey: adminKeys.book(id), queryFn: () => fetchAdminBook(id), staleTime: 0, gcTime: 0 });
  if (query.data) return <BookForm book={query.data} onClose={onClose} />;
  return (
    <FormDialog open onClose={onClose} title="Sửa sách" widthClass="max-w-5xl">
      {query.isError ? (
        <ErrorState message={ADMIN_MESSAGES.loadBookFailed} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <div role="status" aria-label="Đang tải thông tin sách…" className="grid gap-5 lg:grid-cols-3">
          <div className="space-y-4 lg:col-span-2">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="h-11 w-full" />
            ))}
          </div>
          <Skeleton className="h-72 w-full" />
        </div>
      )}
    </FormDialog>
  );
}

function Section({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`rounded-xl border border-gray-200 p-4 ${className}`}>
      <legend className="-ml-1 px-1 text-sm font-semibold text-gray-900">{title}</legend>
      <div className="mt-1 space-y-4">{children}</div>
    </fieldset>
  );
}

function BookForm({ book, onClose }: { book?: BookDto; onClose: () => void }) {
  const qc = useQueryClient();
  const toast = useToast();
  const formId = useId();
  const fid = (name: string) => `${formId}-${name}`;
  const [bookId, setBookId] = useState<number | undefined>(book?.id);
  const modeRef = useRef<'create' | 'edit'>(book ? 'edit' : 'create');
  const mode = bookId === undefined ? 'create' : 'edit';
  modeRef.current = mode;
  const [banner, setBanner] = useState<{ text: string; kind: 'validation' | 'save' } | null>(null);
  const [listFailed, setListFailed] = useState({ authors: false, publishers: false, suppliers: false });
  const images = useBookImages(book?.images ?? []);

  const resolver = useCallback<Resolver<BookFormValues, unknown, Parsed>>(
    (values, context, options) => (modeRef.current === 'create' ? createResolver : updateResolver)(values, context, options),
    [],
  );
  const form = useForm<BookFormValues, unknown, Parsed>({ defaultValues: book ? bookToForm(book) : emptyBookForm(), resolver, mode: 'onTouched' });
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = form;
  const { field: description } = useController({ control, name: 'description' });

  const categories = useQuery({ queryKey: adminKeys.categories, queryFn: fetchAdminCategories, retry: 1 });
  const setFailed = useMemo(
    () => ({
      authors: (f: boolean) => setListFailed((s) => (s.authors === f ? s : { ...s, authors: f })),
      publishers: (f: boolean) => setListFailed((s) => (s.publishers === f ? s : { ...s, publishers: f })),
      suppliers: (f: boolean) => setListFailed((s) => (s.suppliers === f ? s : { ...s, suppliers: f })),
    }),
    [],
  );
  const warnings = [
    listFailed.publishers && listFailedText('publishers'),
    listFailed.suppliers && listFailedText('suppliers'),
    listFailed.authors && listFailedText('authors'),
    categories.isError && 'Không tải được danh sách danh mục.',
  ].filter((w): w is string => !!w);

  const language = watch('language');
  const languageOptions = useMemo(() => {
    const codes: string[] = [...ADMIN_LANGUAGES];
    if (language && !codes.includes(language)) codes.push(language);
    return codes.map((c) => ({ value: c, label: c === 'OTHER' ? 'Khác' : LANGUAGE_LABELS[normalizeLanguage(c) ?? 'OTHER'] }));
  }, [language]);

  const err = (name: keyof BookFormValues) => errors[name]?.message as string | undefined;
  // The form's fields of one kind each: a text or number input, a select, a sale time, a picker (through a Controller).
  const inputField = (name: InputName, label: string, input: InputHTMLAttributes<HTMLInputElement> = {}, { required, hint }: { required?: boolean; hint?: ReactNode } = {}) => (
    <FieldFrame key={name} id={fid(name)} label={label} required={required} error={err(name)} hint={hint}>
      {(a) => <input {...register(name)} {...a} className={`${inputClass} h-11`} {...input} />}
    </FieldFrame>
  );
  const selectField = (name: SelectName, label: string, options: readonly { value: string; label: string }[], required?: boolean) => (
    <FieldFrame id={fid(name)} label={label} required={required} error={err(name)}>
      {(a) => (
        <select {...register(name)} {...a} className={`${selectClass} h-11`}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
  const saleTimeField = (name: 'saleStartAt' | 'saleEndAt', label: string, blankMeans: string) => (
    <FieldFrame id={fid(name)} label={label} error={err(name)} hint={`dd/mm/yyyy hh:mm, giờ Việt Nam. Để trống: ${blankMeans}.`}>
      {(a) => <DateInput withTime {...register(name)} {...a} />}
    </FieldFrame>
  );
  // A single choice is kept as its id in a string, a list as numbers.
  const pickerField = (name: PickerName, label: string, picker: (binding: PickerBinding) => ReactElement, hint?: string) => (
    <FieldFrame id={fid(name)} label={label} required error={err(name)} hint={hint}>
      {(a) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) =>
            picker({
              id: a.id,
              label,
              value: Array.isArray(field.value) ? field.value : field.value ? [Number(field.value)] : [],
              onChange: (ids) => field.onChange(Array.isArray(field.value) ? ids : ids[0] === undefined ? '' : String(ids[0])),
              invalid: !!a['aria-invalid'],
              describedBy: a['aria-describedby'],
            })
          }
        />
      )}
    </FieldFrame>
  );

  const onInvalid = (e: FieldErrors<BookFormValues>) => setBanner({ text: formSummary(e), kind: 'validation' });
  // The summary of a failed check goes away once the fields are fixed (they are checked again on change).
  const errorCount = Object.keys(errors).length;
  useEffect(() => {
    if (errorCount === 0) setBanner((b) => (b?.kind === 'validation' ? null : b));
  }, [errorCount]);

  const save = useMutation({
    mutationFn: ({ parsed }: { parsed: Parsed; wasCreate: boolean }) =>
      bookId === undefined ? createBook(parsed as BookCreateInput) : updateBook(bookId, parsed as BookUpdateInput),
    onError: (e, { wasCreate }) => {
      applyFieldErrors(e, setError, FIELD_NAMES);
      // Server texts for answers about the request; the spec's fallback for failures of the server or network.
      const apiErr = e instanceof ApiError && e.status > 0 && e.status < 500 ? e : e instanceof ApiError ? { code: e.code } : undefined;
      setBanner({ text: bookSaveErrorMessage(apiErr, wasCreate ? 'create' : 'update'), kind: 'save' });
    },
    // Still saving while the new images upload: the dialog stays busy until both are done.
    onSuccess: async (saved, { wasCreate }) => {
      setBookId(saved.id);
      void qc.invalidateQueries({ queryKey: adminKeys.books });
      void qc.invalidateQueries({ queryKey: adminKeys.dashboard });
      if (images.pending.length > 0 && !(await images.upload(saved.id))) {
        setBanner({ text: `${ADMIN_MESSAGES.uploadFailed}${wasCreate ? ' Sách đã được tạo; bạn có thể tải ảnh lại ngay tại đây.' : ''}`, kind: 'save' });
        return;
      }
      toast.show(wasCreate ? 'Tạo sách thành công' : 'Cập nhật sách thành công');
      onClose();
    },
  });
  const saving = save.isPending;
  const onValid = (parsed: Parsed) => {
    setBanner(null);
    if (!saving) save.mutate({ parsed, wasCreate: bookId === undefined });
  };

  // A new book keeps its title while it is saved and its images uploaded; after a failed upload it is an edit.
  const title = mode === 'create' || (!book && saving) ? 'Thêm sách mới' : `Sửa sách${book ? `: ${book.title}` : ''}`;
  const busy = saving || images.progress !== null;
  const storefrontSlug = book?.slug;

  return (
    <FormDialog
      open
      onClose={onClose}
      busy={busy}
      widthClass="max-w-6xl"
      title={title}
      description={mode === 'create' ? 'Các trường có dấu * là bắt buộc.' : book ? `Mã sách #${book.id} · ISBN ${book.isbn13}` : undefined}
      footer={
        storefrontSlug && (
          <a href={`/books/${encodeURIComponent(storefrontSlug)}`} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'md', 'mr-auto')}>
            <ExternalLinkIcon size={16} /> Xem trên cửa hàng
          </a>
        )
      }
      submit={{ form: formId, label: mode === 'create' ? 'Tạo sách' : 'Lưu thay đổi', busyText: images.progress !== null ? 'Đang tải ảnh…' : 'Đang lưu…' }}
    >
      <form id={formId} noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-4">
        {banner && <InlineAlert>{banner.text}</InlineAlert>}
        {warnings.length > 0 && (
          <InlineAlert tone="warning">
            {warnings.map((w) => (
              <p key={w}>{w}</p>
            ))}
          </InlineAlert>
        )}

        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_340px]">
          <div className="min-w-0 space-y-4">
            <Section title="Thông tin chung">
              {inputField('title', 'Tên sách', { placeholder: 'Ví dụ: Đắc Nhân Tâm' }, { required: true })}
              <div className="grid gap-4 sm:grid-cols-2">
                {inputField('slug', 'Slug', { placeholder: 'dac-nhan-tam' }, { hint: 'Để trống để tạo tự động từ tên sách.' })}
                {inputField('isbn13', 'ISBN-13', { inputMode: 'numeric', className: `${inputClass} h-11 font-mono`, placeholder: '978…' }, { required: mode === 'create', hint: '13 chữ số, có thể gõ kèm dấu gạch ngang.' })}
              </div>
              {inputField('sku', 'SKU', { placeholder: 'Mã quản lý kho (không bắt buộc)' })}
              {inputField('originalTitle', 'Tên gốc', { placeholder: 'Ví dụ: How to Win Friends and Influence People' }, { hint: 'Tên ấn bản gốc của sách dịch; khách tìm theo tên này cũng thấy sách.' })}
            </Section>

            <Section title="Phân loại">
              <div className="grid gap-4 sm:grid-cols-2">
                {pickerField('publisherId', 'Nhà xuất bản', (p) => (
                  <MasterPicker kind="publishers" {...p} known={book?.publisher ? [book.publisher] : []} onLoadError={setFailed.publishers} />
                ))}
                {pickerField('supplierId', 'Nhà cung cấp', (p) => (
                  <MasterPicker kind="suppliers" {...p} known={book?.supplier ? [book.supplier] : []} onLoadError={setFailed.suppliers} />
                ))}
              </div>
              {pickerField('authorIds', 'Tác giả', (p) => (
                <MasterPicker kind="authors" multiple {...p} known={book?.authors ?? []} onLoadError={setFailed.authors} />
              ))}
              {pickerField(
                'categoryIds',
                'Danh mục',
                (p) => <CategoryPicker {...p} categories={categories.data ?? []} loading={categories.isPending} known={book?.categories ?? []} />,
                'Danh mục đầu tiên là danh mục chính (dùng cho breadcrumb).',
              )}
            </Section>

            <Section title="Giá và tồn kho">
              <div className="grid gap-4 sm:grid-cols-3">
                {inputField('price', 'Giá bán (₫)', numberInput(1, 1000), { required: true })}
                {inputField('salePrice', 'Giá khuyến mãi (₫)', { ...numberInput(1, 1000), placeholder: 'Không giảm giá' })}
                {mode === 'create' ? (
                  inputField('stock', 'Tồn kho ban đầu', numberInput(0, 1))
                ) : (
                  // Stock moves only through the stock room (receipts, counts, orders): shown here, changed there.
                  <FieldFrame id={fid('stock')} label="Tồn kho" hint="Thay đổi qua phiếu nhập, kiểm kê hoặc ghi nhận hư hỏng.">
                    {(a) => (
                      <div className="flex h-11 items-center gap-3">
                        <output id={a.id} aria-describedby={a['aria-describedby']} className="text-base font-semibold text-gray-900">
                          {book?.stock ?? '—'}
                        </output>
                        <Link to={`/admin/stock/books/${bookId}`} className="text-sm font-medium text-brand-700 hover:underline">
                          Xem kho
                        </Link>
                      </div>
                    )}
                  </FieldFrame>
                )}
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                {saleTimeField('saleStartAt', 'Khuyến mãi từ', 'áp dụng ngay')}
                {saleTimeField('saleEndAt', 'Khuyến mãi đến', 'không giới hạn')}
              </div>
            </Section>

            <Section title="Mô tả">
              <DescriptionEditor id={fid('description')} value={description.value} onChange={description.onChange} onBlur={description.onBlur} />
              {err('description') && <p className="text-[13px] font-medium text-red-600">{err('description')}</p>}
            </Section>
          </div>

          <div className="min-w-0 space-y-4">
            <Section title="Ảnh sách">
              <BookImagesField state={images} bookId={bookId} disabled={saving} />
            </Section>

            <Section title="Trạng thái và thuộc tính">
              {selectField('status', 'Trạng thái', STATUS_OPTIONS)}
              <div className="grid grid-cols-2 gap-3">
                {selectField('language', 'Ngôn ngữ', languageOptions, true)}
                {selectField('coverType', 'Loại bìa', COVER_OPTIONS, true)}
              </div>
              {selectField('ageRating', 'Độ tuổi', AGE_OPTIONS, true)}
            </Section>

            <Section title="Thông số">
              <div className="grid grid-cols-2 gap-3">{SPEC_FIELDS.map((f) => inputField(f.name, f.label, f.input, { required: f.required }))}</div>
            </Section>
          </div>
        </div>
      </form>
    </FormDialog>
  );
}
