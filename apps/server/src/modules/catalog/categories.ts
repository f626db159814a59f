import { sql } from 'drizzle-orm';
import type { CategoryFlatDto, CategoryNode } from '@nhasach/shared';
import { queryRows, type Db } from '../../db/client.ts';

/** Categories are few (hundreds at most): they are read whole and shaped in memory. */
export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  parentId: number | null;
  sortOrder: number;
}

export function loadCategoryRows(db: Db): Promise<CategoryRow[]> {
  return queryRows<CategoryRow>(
    db,
    sql`select id, name, slug, parent_id as "parentId", sort_order as "sortOrder" from categories order by sort_order, name, id`,
  );
}

/** The categories as a forest; each level by sortOrder, then name, then id; `leaf` = no children. */
export function buildCategoryTree(rows: readonly CategoryRow[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const r of rows) nodes.set(r.id, { ...r, leaf: true, children: [] });
  const roots: CategoryNode[] = [];
  // rows arrive ordered, so appending keeps every level ordered.
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (parent) {
      parent.children.push(node);
      parent.leaf = false;
    } else {
      roots.push(node);
    }
  }
  return roots;
}

/** Depth-first tree order with depths. */
export function flattenCategoryTree(roots: readonly CategoryNode[]): CategoryFlatDto[] {
  const out: CategoryFlatDto[] = [];
  const walk = (list: readonly CategoryNode[], depth: number) => {
    for (const { children, ...rest } of list) {
      out.push({ ...rest, depth });
      walk(children, depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

/** The category given by slug or numeric id, or undefined. */
export function findCategory(rows: readonly CategoryRow[], slugOrId: string | number): CategoryRow | undefined {
  const key = String(slugOrId).trim();
  const bySlug = rows.find((r) => r.slug === key);
  if (bySlug) return bySlug;
  return /^\d+$/.test(key) ? rows.find((r) => r.id === Number(key)) : undefined;
}

/** The id of the category and of every category below it, at any depth. */
export function withDescendants(rows: readonly CategoryRow[], id: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId === null) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r.id);
    children.set(r.parentId, list);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const next = stack.pop()!;
    if (seen.has(next)) continue; // a cycle would be a data error; never loop on it
    seen.add(next);
    out.push(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}
