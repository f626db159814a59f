import { describe, expect, it } from 'vitest';
import { compileShell, type PageHead } from './head.ts';

// index.html as Vite builds it: the entry, its module preloads, then the stylesheet.
const INDEX = `<!doctype html>
<html lang="vi">
  <head>
    <meta charset="UTF-8" />
    <title>Nhà Sách</title>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
    <link rel="modulepreload" crossorigin href="/assets/router-c3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d4.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const head: PageHead = { status: 200, title: 'Mắt Biếc | Nhà Sách', description: 'Sách', modulePreload: ['/assets/ProductDetailPage-e5.js'] };

describe('the page shell', () => {
  it('puts a server-rendered page in the root and loads its scripts through the loader, after the stylesheet', () => {
    const html = compileShell(INDEX, '/assets/boot-f6.js')(head, '<main><h1>Mắt Biếc $& $1</h1></main>');
    expect(html).toContain('<div id="root"><main><h1>Mắt Biếc $& $1</h1></main></div>');
    // No script file is fetched before the page's load event: the loader names them all.
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('src="/assets/index-a1.js"');
    expect(html).toContain(
      '<script type="module" src="/assets/boot-f6.js" data-entry="/assets/index-a1.js" data-preload="/assets/react-b2.js /assets/router-c3.js /assets/ProductDetailPage-e5.js"></script>',
    );
    expect(html.indexOf('index-d4.css')).toBeLessThan(html.indexOf('<title>'));
  });

  it('keeps the entry and its preloads as built when the page is not rendered', () => {
    const html = compileShell(INDEX, '/assets/boot-f6.js')(head);
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/react-b2.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ProductDetailPage-e5.js" />');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('boot-f6.js');
  });
});
