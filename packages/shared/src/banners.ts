/**
 * Home banners: pictures drawn from apps/web/banners/*.svg (designed at BANNER_DESIGN) by `npm run banners`, one
 * WebP file per width (`/banners/NAME-WIDTH.webp`). The carousel and the server's preload of the first banner use
 * the same srcset and sizes.
 */
export const BANNER_DESIGN = { width: 1200, height: 400 } as const;
export const BANNER_WIDTHS = [600, 900, BANNER_DESIGN.width, 1800] as const;
/** The file for a browser without srcset: the picture at its design size. */
export const bannerSrc = (name: string): string => `/banners/${name}-${BANNER_DESIGN.width}.webp`;
export const bannerSrcSet = (name: string): string => BANNER_WIDTHS.map((w) => `/banners/${name}-${w}.webp ${w}w`).join(', ');
/**
 * The banner's width on screen (page-container of 1240 px less its padding, the side tiles from 1024 px); below
 * 640 px the frame is 2:1 and the 3:1 picture covers it, so it is drawn at 1.5 times the frame's width.
 */
export const BANNER_SIZES = '(min-width: 1240px) 902px, (min-width: 1024px) calc(100vw - 338px), (min-width: 640px) calc(100vw - 32px), calc(150vw - 48px)';

export interface Banner {
  /** The picture's name: /banners/NAME-WIDTH.webp. */
  name: string;
  alt: string;
  href: string;
}

/** The home carousel's banners (spec section 9: 3 images); the first is the home page's largest paint. */
export const HOME_BANNERS: readonly Banner[] = [
  { name: 'flash-sale', alt: 'Flash Sale cuối tuần: sách hay giảm đến 50%', href: '#flash-sale' },
  { name: 'new-books', alt: 'Sách mới lên kệ mỗi tuần từ Nhã Nam, NXB Trẻ, Kim Đồng', href: '#sach-moi' },
  { name: 'free-shipping', alt: 'Miễn phí giao hàng cho đơn từ 500.000₫', href: '#ban-chay' },
];

/** The home page's og:image: apps/web/og/home.svg drawn into a PNG by `npm run banners`. */
export const HOME_SHARE_IMAGE = { path: '/og/home.png', width: 1200, height: 630, alt: 'Nhà Sách: sách hay giao tận nhà' } as const;
