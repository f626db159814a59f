-- Fills books.category_ids for books that existed before the column (later writes go through
-- refreshSearchDocuments, which keeps it equal to book_categories in position order).
UPDATE books b SET category_ids = c.ids
FROM (SELECT book_id, array_agg(category_id ORDER BY position, category_id) AS ids FROM book_categories GROUP BY book_id) c
WHERE c.book_id = b.id AND b.category_ids IS DISTINCT FROM c.ids;
