import { ERROR_CODES, type FieldError } from '@nhasach/shared';

/** An error whose message is safe to show to the user (Vietnamese) and whose code is stable. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldError[],
    /** Extra data for the client, e.g. remaining OTP attempts. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: FieldError[], details?: Record<string, unknown>) =>
  new AppError(400, fields ? ERROR_CODES.validation : ERROR_CODES.badRequest, message, fields, details);
export const unauthorized = (message = 'Vui lòng đăng nhập để tiếp tục.', code: string = ERROR_CODES.unauthorized) =>
  new AppError(401, code, message);
export const forbidden = (message = 'Bạn không có quyền thực hiện thao tác này.') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message = 'Không tìm thấy dữ liệu.') => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, code: string = ERROR_CODES.conflict) => new AppError(409, code, message);
export const tooManyRequests = (message: string, details?: Record<string, unknown>) =>
  new AppError(429, ERROR_CODES.tooManyRequests, message, undefined, details);
