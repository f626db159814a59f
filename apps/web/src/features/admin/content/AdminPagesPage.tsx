import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CONTENT_MARKDOWN_MAX, contentPagePath, contentPageUpdateSchema, formatDateTimeVN, type AdminContentPageDto } from '@nhasach/shared';
import { contentKeys, fetchAdminPages, previewMarkdown, saveAdminPage } from '../../../api/content.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { RichContent } from '../../../components/RichContent.tsx';
import { ErrorState } from '../../../components/ui/EmptyState.tsx';
import { FieldErrorText, inputClass } from '../../../components/ui/Field.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { useDocumentTitle } from '../../../lib/useDocumentTitle.ts';
import { Card, InlineAlert, PageHeader, TableSkeleton } from '../ui.tsx';
import { errorText } from '../../../components/ui/errorText.ts';
import { ShopSettingsPanel } from './ShopSettingsPanel.tsx';

/** /admin/pages: the information pages of the storefront, written in Markdown, with a preview of the result. */
export function AdminPagesPage() {
  useDocumentTitle('Trang thông tin');
  const pages = useQuery({ queryKey: contentKeys.adminPages, queryFn: ({ signal }) => fetchAdminPages(signal) });
  const [params, setParams] = useSearchParams();
  const list = pages.data ?? [];
  const current = list.find((p) => p.slug === params.get('trang')) ?? list[0];

  return (
    <div className="mx-auto max-w-[1400px]">
      <PageHeader title="Trang thông tin" description="Hướng dẫn, chính sách và điều khoản hiển thị ở chân trang cửa hàng. Viết bằng Markdown." />
      <div className="mb-5">
        <ShopSettingsPanel />
      </div>
      {pages.isPending ? (
        <Card>
          <TableSkeleton rows={6} cols={2} />
        </Card>
      ) : pages.isError ? (
        <ErrorState message="Không tải được các trang" onRetry={() => void pages.refetch()} retrying={pages.isFetching} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-[260px_minmax(0,1fr)]">
          <nav aria-label="Các trang">
            <ul className="space-y-1 rounded-2xl border border-gray-200/80 bg-white p-2 shadow-sm">
              {list.map((p) => (
                <li key={p.slug}>
                  <button
                    type="button"
                    aria-current={p.slug === current?.slug ? 'page' : undefined}
                    onClick={() => setParams({ trang: p.slug }, { replace: true })}
                    className={`w-full rounded-lg px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-brand-600 ${
                      p.slug === current?.slug ? 'bg-brand-50 font-semibold text-brand-800' : 'text-gray-700 hover:bg-gray-50'
                    }`}
                  >
                    {p.title}
                    <span className="block text-xs font-normal text-gray-600">Sửa {formatDateTimeVN(p.updatedAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {current && <PageEditor key={current.slug} page={current} />}
        </div>
      )}
    </div>
  );
}

function PageEditor({ page }: { page: AdminContentPageDto }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [title, setTitle] = useState(page.title);
  const [markdown, setMarkdown] = useState(page.markdown);
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const [errors, setErrors] = useState<{ title?: string; markdown?: string }>({});
  const [previewHtml, setPreviewHtml] = useState(page.html);
  const [previewError, setPreviewError] = useState<string>();
  const dirty = title !== page.title || markdown !== page.markdown;

  useEffect(() => {
    if (tab !== 'preview') return;
    let live = true;
    setPreviewError(undefined);
    previewMarkdown(markdown || ' ')
      .then((r) => live && setPreviewHtml(r?.html ?? ''))
      .catch(() => live && setPreviewError('Không xem trước được nội dung.'));
    return () => {
      live = false;
    };
  }, [tab, markdown]);

  const save = useMutation({
    mutationFn: () => saveAdminPage(page.slug, { title, markdown }),
    onSuccess: () => {
      toast.show('Đã lưu trang.');
      void queryClient.invalidateQueries({ queryKey: contentKeys.adminPages });
      void queryClient.invalidateQueries({ queryKey: contentKeys.page(page.slug) });
    },
  });
  const submit = () => {
    const parsed = contentPageUpdateSchema.safeParse({ title, markdown });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'title' | 'markdown'] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate();
  };

  return (
    <Card
      title={page.title}
      description={
        <>
          {contentPagePath(page.slug)} · sửa lần cuối {formatDateTimeVN(page.updatedAt)}
          {page.updatedBy ? ` bởi ${page.updatedBy}` : ''}
        </>
      }
      actions={
        <a href={contentPagePath(page.slug)} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-700 hover:underline">
          Xem trên cửa hàng
        </a>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="space-y-4"
      >
        <div>
          <label htmlFor="page-title" className="mb-1.5 block text-sm font-medium text-gray-800">
            Tiêu đề
          </label>
          <input
            id="page-title"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? 'page-title-error' : undefined}
            className={`${inputClass} h-11`}
          />
          {errors.title && <FieldErrorText id="page-title-error">{errors.title}</FieldErrorText>}
        </div>
        <div>
          <div role="tablist" aria-label="Nội dung" className="mb-2 flex gap-1">
            {(['write', 'preview'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                onClick={() => setTab(t)}
                className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${tab === t ? 'bg-brand-50 text-brand-800' : 'text-gray-600 hover:bg-gray-50'}`}
              >
                {t === 'write' ? 'Soạn (Markdown)' : 'Xem trước'}
              </button>
            ))}
          </div>
          {tab === 'write' ? (
            <>
              <label htmlFor="page-markdown" className="sr-only">
                Nội dung (Markdown)
              </label>
              <textarea
                id="page-markdown"
                value={markdown}
                onChange={(e) => setMarkdown(e.target.value)}
                rows={22}
                maxLength={CONTENT_MARKDOWN_MAX}
                spellCheck={false}
                aria-invalid={errors.markdown ? true : undefined}
                aria-describedby={errors.markdown ? 'page-markdown-error' : 'page-markdown-hint'}
                className={`${inputClass} py-3 font-mono text-sm leading-6`}
              />
              {errors.markdown ? (
                <FieldErrorText id="page-markdown-error">{errors.markdown}</FieldErrorText>
              ) : (
                <p id="page-markdown-hint" className="mt-1.5 text-xs text-gray-500">
                  ## Tiêu đề mục · **đậm** · *nghiêng* · - danh sách · [liên kết](/lien-he) · bảng | a | b |. HTML, ảnh và mã lệnh bị loại bỏ khi hiển thị.
                </p>
              )}
            </>
          ) : (
            <div className="min-h-[24rem] rounded-lg border border-gray-200 p-5" role="tabpanel" aria-label="Xem trước">
              {previewError ? <InlineAlert>{previewError}</InlineAlert> : <RichContent html={previewHtml} />}
            </div>
          )}
        </div>
        {save.isError && <InlineAlert>{errorText(save.error, 'Lưu trang thất bại', { append: true })}</InlineAlert>}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" busy={save.isPending} busyText="Đang lưu…" disabled={!dirty}>
            Lưu trang
          </Button>
          {dirty && (
            <Button
              variant="ghost"
              onClick={() => {
                setTitle(page.title);
                setMarkdown(page.markdown);
                setErrors({});
              }}
            >
              Bỏ thay đổi
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
