import { asc, eq } from 'drizzle-orm';
import { CONTENT_PAGES, type AdminContentPageDto, type ContentPageDto, type ContentPageUpdateInput } from '@nhasach/shared';
import type { Db } from '../../db/client.ts';
import { contentPages } from '../../db/schema/content.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/guards.ts';
import { auditActor, recordAudit } from '../audit/index.ts';
import { renderMarkdown } from './markdown.ts';

export const PAGE_NOT_FOUND = 'Không tìm thấy trang.';

type PageRow = typeof contentPages.$inferSelect;

const toDto = (row: PageRow): ContentPageDto => ({
  slug: row.slug,
  title: row.title,
  html: renderMarkdown(row.markdown),
  updatedAt: row.updatedAt.toISOString(),
});

const toAdminDto = (row: PageRow): AdminContentPageDto => ({ ...toDto(row), markdown: row.markdown, updatedBy: row.updatedBy });

/** The store's known pages, in the footer's order (a page is one of CONTENT_PAGES, so no stray rows show). */
const order = new Map<string, number>(CONTENT_PAGES.map((p, i) => [p.slug, i]));

async function findPage(db: Db, slug: string): Promise<PageRow> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.slug, slug)).limit(1);
  if (!row) throw notFound(PAGE_NOT_FOUND);
  return row;
}

export async function getPage(db: Db, slug: string): Promise<ContentPageDto> {
  return toDto(await findPage(db, slug));
}

export async function listPages(db: Db): Promise<AdminContentPageDto[]> {
  const rows = await db.select().from(contentPages).orderBy(asc(contentPages.slug));
  return rows.filter((r) => order.has(r.slug)).sort((a, b) => order.get(a.slug)! - order.get(b.slug)!).map(toAdminDto);
}

export async function getAdminPage(db: Db, slug: string): Promise<AdminContentPageDto> {
  return toAdminDto(await findPage(db, slug));
}

/** Saves an admin's edit (title and Markdown) and logs it in the audit log, in one transaction. */
export async function updatePage(db: Db, user: AuthUser, slug: string, input: Required<ContentPageUpdateInput>): Promise<AdminContentPageDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(contentPages)
      .set({ title: input.title, markdown: input.markdown, updatedAt: new Date(), updatedBy: user.username })
      .where(eq(contentPages.slug, slug))
      .returning();
    if (!row) throw notFound(PAGE_NOT_FOUND);
    await recordAudit(tx, {
      ...auditActor(user),
      action: 'PAGE_UPDATE',
      entityType: 'PAGE',
      entityId: slug,
      summary: `Sửa trang "${row.title}"`,
    });
    return toAdminDto(row);
  });
}
