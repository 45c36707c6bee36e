import { MESSAGES } from '../../../shared/envelope.js';

/**
 * An error whose message is meant for the user. Anything else thrown in a handler is logged and
 * answered with the generic 服务异常, so no internal detail ever reaches a client.
 */
export class AppError extends Error {
  constructor(
    message: string,
    /** HTTP status of the answer. */
    public readonly statusCode = 400,
    /** Envelope code; 501 means not logged in. */
    public readonly code?: number,
    /** Optional details (e.g. which field failed), safe to show. */
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static invalid(details?: unknown): AppError {
    return new AppError(MESSAGES.invalidParams, 400, 400, details);
  }
  static notLoggedIn(message: string = MESSAGES.notLoggedIn): AppError {
    return new AppError(message, 401, 501);
  }
  static forbidden(message: string = MESSAGES.forbidden): AppError {
    return new AppError(message, 403, 403);
  }
  static notFound(message: string = MESSAGES.notFound): AppError {
    return new AppError(message, 404, 404);
  }
  static conflict(message: string = MESSAGES.staleVersion): AppError {
    return new AppError(message, 409, 409);
  }
}
