import { useEffect } from 'react';

/** Sets the tab title as 'Page | Nhà Sách'. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} | Nhà Sách` : 'Nhà Sách - Nhà sách trực tuyến';
  }, [title]);
}
