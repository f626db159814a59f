import { buildSearchIndex } from './src/modules/catalog/search-index.ts';
import { memoryStrategy, rankedSearch } from './src/modules/catalog/search-engine.ts';
import { dictionaryOf } from './src/modules/catalog/search-words.ts';
import { entriesOf, hardCatalogue, hardQueries } from './src/modules/catalog/relevance/hard-set.ts';
let t = Date.now();
const lap = (l: string) => { console.log(l, Date.now() - t); t = Date.now(); };
const catalogue = hardCatalogue(100_000); lap('catalogue');
const { books, authors } = entriesOf(catalogue); lap('entries');
const index = await buildSearchIndex(books, authors); lap('index');
const dict = dictionaryOf(index.words()); lap('dict');
const queries = hardQueries(catalogue, dict.words); lap('queries');
const strategy = memoryStrategy(index);
const byKind = new Map<string, number>();
for (const q of queries) { const t0 = Date.now(); await rankedSearch(strategy, async () => dict, q.q); byKind.set(q.kind, (byKind.get(q.kind) ?? 0) + Date.now() - t0); }
lap('search'); console.log(byKind);
