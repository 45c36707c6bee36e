/**
 * Why a call failed, as every caller of the request layer sees it. `message` is the Chinese text
 * that was (or, for silent calls, would have been) shown.
 */
export type ApiErrorKind =
  /** The envelope said flag false. */
  | 'envelope'
  /** Codes 501/502: the session is gone; the login flow was started. */
  | 'notLoggedIn'
  /** An HTTP error without a usable envelope. */
  | 'http'
  /** No answer within the request time-out (reported as 504). */
  | 'timeout'
  /** No answer at all. */
  | 'network'
  /** Refused before sending: an upload is running or failed. */
  | 'uploadGate';

export class ApiError extends Error {
  constructor(
    message: string,
    public readonly kind: ApiErrorKind,
    /** Envelope code (e.g. 501) when there was one. */
    public readonly code?: number,
    /** HTTP status, 0 when nothing answered. */
    public readonly status?: number,
    /** The envelope's data (e.g. which field failed). */
    public readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
