import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronDownIcon } from 'lucide-react';
import type { CategoryTreeNode } from '../../../api/catalog.ts';
import { Skeleton } from '../../../components/ui/EmptyState.tsx';

/** The path from a top-level category down to the one with `slug` (empty when not found). */
export function pathTo(nodes: CategoryTreeNode[], slug: string): CategoryTreeNode[] {
  for (const n of nodes) {
    if (n.slug === slug) return [n];
    const sub = pathTo(n.children ?? [], slug);
    if (sub.length) return [n, ...sub];
  }
  return [];
}

/**
 * The category tree of the listing sidebar (spec section 2): the current category highlighted, its ancestors
 * opened; any branch can be expanded.
 */
export function CategoryTree({ nodes, currentSlug, loading, failed, onNavigate }: { nodes: CategoryTreeNode[]; currentSlug: string; loading: boolean; failed: boolean; onNavigate?: () => void }) {
  const open = new Set(pathTo(nodes, currentSlug).map((n) => n.id));
  if (loading) {
    return (
      <div className="space-y-2.5" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-4 w-4/5" />
        ))}
      </div>
    );
  }
  if (failed) return <p className="text-sm text-red-700">Không tải được danh mục</p>;
  if (nodes.length === 0) return <p className="text-sm text-gray-500">Chưa có danh mục.</p>;
  return (
    <ul className="space-y-0.5 text-sm">
      {nodes.map((n) => (
        <TreeItem key={`${n.id}-${currentSlug}`} node={n} currentSlug={currentSlug} open={open} depth={0} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

function TreeItem({ node, currentSlug, open, depth, onNavigate }: { node: CategoryTreeNode; currentSlug: string; open: Set<number>; depth: number; onNavigate?: () => void }) {
  const children = node.children ?? [];
  const [expanded, setExpanded] = useState(open.has(node.id));
  const current = node.slug === currentSlug;
  const listId = `cat-tree-${node.id}`;
  return (
    <li>
      <div className="flex items-center gap-1">
        <Link
          to={`/danh-muc/${node.slug}`}
          onClick={onNavigate}
          aria-current={current ? 'page' : undefined}
          className={`flex-1 rounded-lg px-2.5 py-1.5 transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
            current ? 'bg-brand-50 font-semibold text-brand-700' : depth === 0 ? 'font-medium text-gray-800 hover:bg-gray-50 hover:text-brand-700' : 'text-gray-600 hover:bg-gray-50 hover:text-brand-700'
          }`}
        >
          {node.name}
        </Link>
        {children.length > 0 && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-label={`${expanded ? 'Thu gọn' : 'Mở rộng'} ${node.name}`}
            onClick={() => setExpanded((e) => !e)}
            className="grid size-7 shrink-0 place-items-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <ChevronDownIcon size={16} className={`transition-transform ${expanded ? 'rotate-180' : ''}`} />
          </button>
        )}
      </div>
      {children.length > 0 && (
        <ul id={listId} hidden={!expanded} className="mt-0.5 ml-3 space-y-0.5 border-l border-gray-100 pl-2">
          {children.map((c) => (
            <TreeItem key={c.id} node={c} currentSlug={currentSlug} open={open} depth={depth + 1} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </li>
  );
}
