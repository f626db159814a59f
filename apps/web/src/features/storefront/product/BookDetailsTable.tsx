import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AGE_RATING_LABELS, COVER_TYPE_LABELS, LANGUAGE_LABELS, type BookDto, formatNumberVN } from '@nhasach/shared';
import { searchPath } from '../../../lib/search.ts';

const num = (n: number) => formatNumberVN(n);

/** 'Thông tin chi tiết': original title of a translation, SKU/ISBN, publisher, supplier, authors, year, language, cover, age, pages, weight, size. */
export function BookDetailsTable({ book }: { book: BookDto }) {
  const dims = [book.heightCm, book.widthCm, book.thicknessCm].every((d) => d !== null && d !== undefined)
    ? `${num(book.heightCm!)} x ${num(book.widthCm!)} x ${num(book.thicknessCm!)} cm`
    : undefined;
  const rows: [string, ReactNode][] = [
    ['Tên gốc', book.originalTitle],
    ['Mã hàng (SKU)', book.sku],
    ['ISBN', book.isbn13],
    ['Tác giả', book.authors.length ? book.authors.map((a, i) => (
      <span key={a.id}>
        {i > 0 && ', '}
        <Link to={searchPath(a.name) ?? '/'} className="text-brand-700 hover:underline">
          {a.name}
        </Link>
      </span>
    )) : null],
    ['Nhà xuất bản', book.publisher?.name],
    ['Nhà cung cấp', book.supplier?.name],
    ['Năm xuất bản', book.publicationYear],
    ['Ngôn ngữ', LANGUAGE_LABELS[book.language] ?? book.language],
    ['Hình thức bìa', COVER_TYPE_LABELS[book.coverType] ?? book.coverType],
    ['Độ tuổi', AGE_RATING_LABELS[book.ageRating] ?? book.ageRating],
    ['Số trang', book.pageCount > 0 ? num(book.pageCount) : null],
    ['Trọng lượng', book.weightGram ? `${num(book.weightGram)} g` : null],
    ['Kích thước', dims],
  ];
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Thông tin chi tiết</caption>
      <tbody>
        {rows
          .filter(([, v]) => v !== null && v !== undefined && v !== '')
          .map(([label, value]) => (
            <tr key={label} className="border-b border-gray-100 last:border-0">
              <th scope="row" className="w-32 py-2.5 pr-4 text-left align-top font-normal text-gray-500 sm:w-40">
                {label}
              </th>
              <td className="py-2.5 break-words text-gray-900">{value}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
